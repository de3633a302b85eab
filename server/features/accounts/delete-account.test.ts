import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import fs from 'node:fs'
import { audit_logs, profiles, properties, property_media, referral_payments, referrals, sessions, shortlist_items, user_roles, users } from '../../db/schema'
import { filePath } from '../../storage/files'
import { formWith, mp4Bytes, png } from '../../test/media-fixtures'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { insertReferral } from '../marketplace/test-fixtures'

setupTestDb()

const home = {
  name: 'Aspen House',
  address: '3 Aspen Way',
  city: 'Austin',
  state: 'TX',
  zip_code: '78704',
  total_beds: 3,
  available_beds: 1,
}
const fileOf = (url: string) => filePath(url.replace('/media/', ''))

describe('delete account', () => {
  test('a wrong password changes nothing', async () => {
    const user = await createUser()
    const res = await user.agent.delete('/api/me', { password: 'not-my-password' })
    expect(res.status).toBe(422)
    expect(res.json.error).toMatchObject({ code: 'invalid_password', message: 'Incorrect password' })
    expect((await user.agent.get('/api/my/profile')).status).toBe(200)
    expect((await anonymous().delete('/api/me', { password: 'x' })).status).toBe(401)
  })

  test('removes sessions, profile, properties and their files; keeps payments anonymised; signs out', async () => {
    const user = await createUser({ plan: 'premium', username: 'leaving-op', roles: ['operator'] })
    const property = (await user.agent.post('/api/my/properties', home)).json.property
    const photos = await user.agent.upload(`/api/my/properties/${property.id}/images`, formWith([{ bytes: await png(), filename: 'a.png' }]))
    const video = await user.agent.upload(`/api/my/properties/${property.id}/videos`, formWith([{ bytes: mp4Bytes(), filename: 'a.mp4' }]))
    const avatar = await user.agent.upload('/api/my/profile/photo', formWith([{ name: 'file', bytes: await png(), filename: 'me.png' }]))
    const files = [photos.json.property.images[0], photos.json.property.image_items[0].thumb_url, video.json.property.videos[0], avatar.json.profile_photo].map(fileOf)
    expect(files.every((f) => fs.existsSync(f))).toBe(true)
    const referral = await insertReferral(null)
    const payment = await db
      .insert(referral_payments)
      .values({ referral_id: referral.id, operator_id: user.id, amount_cents: 20000, status: 'held_in_escrow', provider: 'offline' })
      .returning()
      .get()
    const own = await insertReferral(user.id, { status: 'pending', referrer_email: user.email })
    // A shortlist names the homes someone was looking at: it goes with the account (another operator's home stays).
    const otherOperator = await createUser({ plan: 'premium', roles: ['operator'] })
    const theirs = (await otherOperator.agent.post('/api/my/properties', { ...home, name: 'Birch House' })).json.property
    expect((await user.agent.request('PUT', `/api/my/shortlist/${theirs.id}`)).status).toBe(200)

    const res = await user.agent.delete('/api/me', { password: user.password })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('Account deleted')
    expect(res.headers.get('set-cookie')).toContain('hw_session=;')

    expect(files.some((f) => fs.existsSync(f))).toBe(false)
    expect(await db.select().from(sessions).where(eq(sessions.user_id, user.id)).all()).toHaveLength(0)
    expect(await db.select().from(profiles).where(eq(profiles.id, user.id)).get()).toBeUndefined()
    expect(await db.select().from(properties).where(eq(properties.operator_id, user.id)).all()).toHaveLength(0)
    expect(await db.select().from(property_media).where(eq(property_media.property_id, property.id)).all()).toHaveLength(0)
    expect(await db.select().from(user_roles).where(eq(user_roles.user_id, user.id)).all()).toHaveLength(0)
    expect(await db.select().from(shortlist_items).where(eq(shortlist_items.user_id, user.id)).all()).toHaveLength(0)
    const row = (await db.select().from(users).where(eq(users.id, user.id)).get())!
    expect(row.email).not.toContain(user.email)
    expect(row.deleted_at).not.toBeNull()
    expect((await db.select().from(referral_payments).where(eq(referral_payments.id, payment.id)).get())?.status).toBe('held_in_escrow')
    const submitted = (await db.select().from(referrals).where(eq(referrals.id, own.id)).get())!
    expect(submitted).toMatchObject({ status: 'cancelled', referrer_name: 'Deleted user' })
    expect(submitted.referrer_email).not.toBe(user.email)
    const audits = await db.select().from(audit_logs).where(eq(audit_logs.actor_id, user.id)).all()
    expect(audits.map((a) => a.action)).toContain('account.deleted')
    expect(audits.every((a) => a.actor_label === 'deleted user')).toBe(true)

    // Signed out, cannot sign in again, the public profile is gone and the e-mail is free again.
    expect((await user.agent.get('/api/my/profile')).status).toBe(401)
    expect((await anonymous().post('/api/auth/sign-in', { email: user.email, password: user.password })).status).toBe(401)
    expect((await anonymous().get('/api/operators/leaving-op')).status).toBe(404)
    const again = await anonymous().post('/api/auth/sign-up', { email: user.email, password: 'another-pass-1', first_name: 'New', last_name: 'Person', phone: '(555) 123-4567', plan: 'free' })
    expect(again.status).toBe(201)
  })

  test('the last admin cannot delete their account', async () => {
    const admins = await db.select().from(user_roles).where(eq(user_roles.role, 'admin')).all()
    for (const a of admins) await db.delete(user_roles).where(eq(user_roles.user_id, a.user_id)).run()
    const admin = await createUser({ roles: ['admin'] })
    const res = await admin.agent.delete('/api/me', { password: admin.password })
    expect(res.status).toBe(409)
    expect(res.json.error.code).toBe('last_admin')
  })
})
