import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import fs from 'node:fs'
import sharp from 'sharp'
import { conversations, messages, profiles, properties, referral_interests, tour_schedules } from '../../db/schema'
import { clock, DAY } from '../../lib/clock'
import { filePath } from '../../storage/files'
import { formWith, HTML_BYTES, jpegWithGps, SVG_BYTES } from '../../test/media-fixtures'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { insertReferral } from '../marketplace/test-fixtures'

setupTestDb()

const property = async (operatorId: string, overrides: Partial<typeof properties.$inferInsert> = {}) =>
  db
    .insert(properties)
    .values({ operator_id: operatorId, name: 'Oak Home', address: '1 Oak St', city: 'Austin', state: 'TX', zip_code: '78704', total_beds: 3, available_beds: 1, ...overrides })
    .returning()
    .get()

describe('profile settings', () => {
  test('reads and edits the profile; saving a username publishes it, clearing unpublishes', async () => {
    const user = await createUser({ first_name: 'Rosa' })
    const before = await user.agent.get('/api/my/profile')
    expect(before.json).toMatchObject({ first_name: 'Rosa', username: null, profile_published: false, max_bio_length: 150 })
    const res = await user.agent.patch('/api/my/profile', {
      username: 'Sunny-Side-2',
      organization_name: 'Sunny Side Homes',
      bio: 'We care.',
      social_links: { website: 'https://sunny.example', facebook: '' },
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ username: 'sunny-side-2', profile_published: true, organization_name: 'Sunny Side Homes', social_links: { website: 'https://sunny.example' } })
    const cleared = await user.agent.patch('/api/my/profile', { username: '' })
    expect(cleared.json).toMatchObject({ username: null, profile_published: false })
  })

  test.each([
    [{ username: 'bad name' }, 'username', 'Username can only contain lowercase letters, numbers, and hyphens'],
    [{ username: 'dots.are.bad' }, 'username', 'Username can only contain lowercase letters, numbers, and hyphens'],
    [{ first_name: '' }, 'first_name', 'First name is required'],
    [{ last_name: 'x'.repeat(51) }, 'last_name', 'Last name must be 50 characters or less'],
    [{ organization_name: 'x'.repeat(201) }, 'organization_name', 'Organization name must be 200 characters or less'],
    [{ bio: 'x'.repeat(2001) }, 'bio', 'Bio must be 2000 characters or less'],
    [{ social_links: { website: 'javascript:alert(1)' } }, 'social_links.website', 'Enter a full link starting with https://'],
  ])('refuses %p', async (body, field, message) => {
    const user = await createUser({ plan: 'premium' })
    const res = await user.agent.patch('/api/my/profile', body)
    expect(res.status).toBe(422)
    expect(res.json.error.fields[field]).toBe(message)
  })

  test('usernames are unique regardless of case (409 username_taken)', async () => {
    await createUser({ username: 'taken-name' })
    const user = await createUser()
    const res = await user.agent.patch('/api/my/profile', { username: 'TAKEN-name', bio: 'changed' })
    expect(res.status).toBe(409)
    expect(res.json.error.code).toBe('username_taken')
    expect((await db.select().from(profiles).where(eq(profiles.id, user.id)).get())?.bio).toBeNull()
  })

  test('the bio follows the plan: 150 on free, 2000 on premium; an unchanged long bio may stay', async () => {
    const free = await createUser()
    expect((await free.agent.patch('/api/my/profile', { bio: 'x'.repeat(150) })).status).toBe(200)
    const over = await free.agent.patch('/api/my/profile', { bio: 'x'.repeat(151) })
    expect(over.status).toBe(403)
    expect(over.json.error.code).toBe('premium_required')
    const premium = await createUser({ plan: 'premium' })
    const long = 'y'.repeat(2000)
    expect((await premium.agent.patch('/api/my/profile', { bio: long })).json.max_bio_length).toBe(2000)
    await db.update(profiles).set({ bio: long }).where(eq(profiles.id, free.id)).run()
    expect((await free.agent.patch('/api/my/profile', { bio: long, organization_name: 'Still Fine' })).status).toBe(200)
  })

  test('signed out is a 401', async () => {
    expect((await anonymous().get('/api/my/profile')).status).toBe(401)
    expect((await anonymous().patch('/api/my/profile', { username: 'x' })).status).toBe(401)
  })
})

describe('profile photo', () => {
  test('re-encodes the image without metadata and replaces the previous file', async () => {
    const user = await createUser()
    const first = await user.agent.upload('/api/my/profile/photo', formWith([{ name: 'file', bytes: await jpegWithGps(900, 600), filename: 'me.jpg' }]))
    expect(first.status).toBe(200)
    const firstFile = filePath(first.json.profile_photo.replace('/media/', ''))
    const meta = await sharp(fs.readFileSync(firstFile)).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 512 })
    expect(meta.exif).toBeUndefined()
    const second = await user.agent.upload('/api/my/profile/photo', formWith([{ name: 'file', bytes: await jpegWithGps(), filename: 'me2.jpg' }]))
    expect(second.status).toBe(200)
    expect(fs.existsSync(firstFile)).toBe(false)
    expect((await user.agent.get('/api/my/profile')).json.profile_photo).toBe(second.json.profile_photo)
  })

  test.each([
    [HTML_BYTES, 'me.jpg'],
    [SVG_BYTES, 'me.svg'],
  ])('refuses a non-image whatever its name (415)', async (bytes, filename) => {
    const user = await createUser()
    const res = await user.agent.upload('/api/my/profile/photo', formWith([{ name: 'file', bytes, filename, type: 'image/jpeg' }]))
    expect(res.status).toBe(415)
    expect(res.json.error.message).toBe('Please select an image file')
    expect((await db.select().from(profiles).where(eq(profiles.id, user.id)).get())?.profile_photo).toBeNull()
  })
})

describe('dashboard stats and completion', () => {
  test('counts active properties, interested referrals, tours from today on and unread messages from others', async () => {
    const op = await createUser({ plan: 'premium' })
    const referrer = await createUser({ roles: ['referrer'] })
    const home = await property(op.id)
    await property(op.id, { is_active: false })
    const day = (d: number) => new Date(clock.ms() + d * DAY).toISOString().slice(0, 10)
    const tour = { property_id: home.id, visitor_name: 'V', visitor_email: 'v@example.com', visitor_phone: '5550100100', scheduled_time: '10:00' }
    await db.insert(tour_schedules).values([{ ...tour, scheduled_date: day(2) }, { ...tour, scheduled_date: day(0) }, { ...tour, scheduled_date: day(-3) }]).run()
    const r1 = await insertReferral(referrer.id)
    const r2 = await insertReferral(referrer.id)
    // 'interested' is the only status an interest can have (CHECK of migration 0013); another operator's interest is not counted.
    const other = await createUser({ plan: 'premium' })
    await db.insert(referral_interests).values([{ referral_id: r1.id, operator_id: op.id }, { referral_id: r2.id, operator_id: other.id }]).run()
    const convo = await db.insert(conversations).values({ referral_id: r1.id, operator_id: op.id, opened_by: 'interest' }).returning().get()
    const msg = { conversation_id: convo.id, referral_id: r1.id, message_text: 'hi' }
    await db.insert(messages).values([{ ...msg, sender_id: referrer.id }, { ...msg, sender_id: referrer.id, is_read: true }, { ...msg, sender_id: op.id }]).run()
    const res = await op.agent.get('/api/my/stats')
    expect(res.json).toEqual({ active_properties: 1, interests: 1, upcoming_tours: 2, unread_messages: 1 })
  })

  test('profile completion from the stored profile', async () => {
    const op = await createUser({ username: 'completer' })
    expect((await op.agent.get('/api/my/profile/completion')).json).toMatchObject({ percent: 11, applicable: 90 })
    await property(op.id)
    await db.update(profiles).set({ organization_name: 'Org', bio: 'b'.repeat(150) }).where(eq(profiles.id, op.id)).run()
    // username 10 + bio 15 + org 10 + property 20 = 55 of 90
    expect((await op.agent.get('/api/my/profile/completion')).json.percent).toBe(61)
  })
})
