import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { operator_certifications, profile_views, profiles, reviews } from '../../db/schema'
import { anonymous, createUser, db, setupTestDb, TestAgent } from '../../test/setup'
import { addMedia, addProperty, uniqueCity } from '../properties/property-fixtures'

setupTestDb()

const tag = () => crypto.randomUUID().slice(0, 8)
const list = (query: Record<string, string>) => anonymous().get(`/api/operators?${new URLSearchParams(query)}`)

describe('GET /api/operators', () => {
  test('lists premium and complimentary operators only, with card fields from their properties', async () => {
    const city = uniqueCity()
    const paid = await createUser({ roles: ['operator'], plan: 'premium', username: `paid-${tag()}`, first_name: 'Paula', last_name: 'Paid' })
    const comp = await createUser({ roles: ['operator'], plan: 'complimentary', first_name: 'Carl', last_name: 'Comp' })
    const trial = await createUser({ plan: 'trialing', first_name: 'Tina', last_name: 'Trial' }) // no role rows: still an operator (ADR 001)
    const free = await createUser({ roles: ['operator'] })
    const referrer = await createUser({ roles: ['referrer'], plan: 'complimentary' })
    for (const op of [paid, comp, trial, free, referrer]) await addProperty(op.id, { city, state: 'OR' })
    await addProperty(paid.id, { city: `${city} North`, state: 'WA' })
    await db.update(profiles).set({ organization_name: 'Zeta Homes', years_of_experience: 7, bio: 'b'.repeat(400) }).where(eq(profiles.id, paid.id)).run()

    const res = await list({ city })
    expect(res.status).toBe(200)
    const ids = res.json.items.map((o: { id: string }) => o.id)
    expect(ids.sort()).toEqual([paid.id, comp.id, trial.id].sort())
    // Alphabetical by organization name, or first + last name.
    expect(res.json.items.map((o: { name: string }) => o.name)).toEqual(['Carl Comp', 'Tina Trial', 'Zeta Homes'])
    const card = res.json.items.find((o: { id: string }) => o.id === paid.id)
    expect(card).toMatchObject({
      username: expect.stringMatching(/^paid-/),
      organization_name: 'Zeta Homes',
      premium: true,
      years_of_experience: 7,
      property_count: 2,
      city,
      state: 'OR',
    })
    expect(card.bio).toHaveLength(400) // premium: the whole bio
    expect(card).not.toHaveProperty('email')
    // How a membership is paid for is not the public's business: a complimentary grant is Premium, no more.
    const compCard = res.json.items.find((o: { id: string }) => o.id === comp.id)
    expect(compCard.badges.map((b: { label: string }) => b.label)).toEqual(['Premium'])
    expect(res.text).not.toMatch(/complimentary/i)
  })

  test('filters by state (code or name), city and license type', async () => {
    const city = uniqueCity()
    const licensed = await createUser({ roles: ['operator'], plan: 'premium', licensing_type: 'licensed' })
    const progress = await createUser({ roles: ['operator'], plan: 'premium', licensing_type: 'in_progress' })
    await addProperty(licensed.id, { city, state: 'TX' })
    await addProperty(progress.id, { city, state: 'NM' })
    const ids = async (q: Record<string, string>) => (await list({ city, ...q })).json.items.map((o: { id: string }) => o.id).sort()
    expect(await ids({ state: 'tx' })).toEqual([licensed.id])
    expect(await ids({ state: 'New Mexico' })).toEqual([progress.id])
    expect(await ids({ state: 'new' })).toEqual([progress.id])
    expect(await ids({ license_type: 'licensed' })).toEqual([licensed.id])
    expect(await ids({ license_type: 'in_progress' })).toEqual([progress.id])
    expect(await ids({ license_type: 'unlicensed' })).toEqual([])
    expect(await ids({ license_type: 'all' })).toEqual([licensed.id, progress.id].sort())
    expect((await list({ license_type: 'gold' })).status).toBe(422)
  })

  test('inactive properties neither match a filter nor count', async () => {
    const city = uniqueCity()
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    await addProperty(op.id, { city, is_active: false })
    expect((await list({ city })).json.items).toHaveLength(0)
  })
})

describe('GET /api/operators/:username', () => {
  test('a premium profile shows everything: full bio, every property and photo, approved reviews per property', async () => {
    const username = `sunrise-${tag()}`
    const op = await createUser({ roles: ['operator'], plan: 'premium', username, licensing_type: 'licensed' })
    await db.update(profiles).set({ bio: 'x'.repeat(300), verification_status: 'verified', years_of_experience: 12 }).where(eq(profiles.id, op.id)).run()
    await db.insert(operator_certifications).values({ profile_id: op.id, certification_name: 'CPR' }).run()
    const a = await addProperty(op.id)
    const b = await addProperty(op.id)
    await addProperty(op.id, { is_active: false })
    await addMedia(a.id, 'image', 3)
    await addMedia(a.id, 'video', 1)
    await db.insert(reviews)
      .values([
        { property_id: a.id, reviewer_name: 'Ann', reviewer_email: 'a@example.com', rating: 5, review_text: 'Lovely people here.', status: 'approved' },
        { property_id: a.id, reviewer_name: 'Pat', reviewer_email: 'p@example.com', rating: 2, review_text: 'Not yet approved.' },
      ])
      .run()
    const res = await anonymous().get(`/api/operators/${username.toUpperCase()}`)
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      id: op.id,
      username,
      premium: true,
      bio_truncated: false,
      licensing_type: 'licensed',
      verification_status: 'verified',
      years_of_experience: 12,
      certifications: [{ certification_name: 'CPR' }],
    })
    expect(res.json.bio).toHaveLength(300)
    expect(res.json.properties.map((p: { id: string }) => p.id)).toEqual([a.id, b.id])
    const first = res.json.properties[0]
    expect(first.images).toHaveLength(3)
    expect(first.videos).toHaveLength(1)
    expect(first.reviews.map((r: { reviewer_name: string }) => r.reviewer_name)).toEqual(['Ann'])
    expect(first.average_rating).toBe(5)
    expect(res.json.properties[1]).toMatchObject({ reviews: [], review_count: 0, average_rating: null })
    expect(res.text).not.toContain(op.email)
  })

  test('a free profile is trimmed by the server: 150-character bio, first property only, one photo', async () => {
    const username = `maple-${tag()}`
    const op = await createUser({ roles: ['operator'], username })
    const bio = `${'a'.repeat(150)}SECRET-TAIL`
    await db.update(profiles).set({ bio }).where(eq(profiles.id, op.id)).run()
    const first = await addProperty(op.id)
    const hidden = await addProperty(op.id, { name: 'Hidden Second Home' })
    await addMedia(first.id, 'image', 2)
    await addMedia(first.id, 'video', 1)
    const res = await anonymous().get(`/api/operators/${username}`)
    expect(res.json.premium).toBe(false)
    expect(res.json.bio).toBe('a'.repeat(150))
    expect(res.json.bio_truncated).toBe(true)
    expect(res.json.properties.map((p: { id: string }) => p.id)).toEqual([first.id])
    expect(res.json.properties[0].images).toHaveLength(1)
    expect(res.json.properties[0].videos).toEqual([])
    expect(res.text).not.toContain('SECRET-TAIL')
    expect(res.text).not.toContain(hidden.id)
    expect(res.text).not.toContain('Hidden Second Home')
  })

  test('complimentary premium is shown as Premium: the public profile never says how it is paid for', async () => {
    const username = `harbor-${tag()}`
    const comp = await createUser({ roles: ['operator'], plan: 'complimentary', username })
    await addProperty(comp.id, { city: uniqueCity(), state: 'OR' })
    const res = await anonymous().get(`/api/operators/${username}`)
    expect(res.json).toMatchObject({ premium: true, badges: [expect.objectContaining({ key: 'premium', label: 'Premium' })] })
    expect(res.json).not.toHaveProperty('is_complimentary')
    expect(res.text).not.toMatch(/complimentary/i)
    // Nor does the page of one of their homes.
    const home = await anonymous().get(`/api/properties/${res.json.properties[0].id}`)
    expect(home.json.operator.badges.map((b: { label: string }) => b.label)).toEqual(['Premium'])
    expect(home.text).not.toMatch(/complimentary/i)
  })

  test('an unknown username is a 404 Profile not found', async () => {
    const res = await anonymous().get('/api/operators/nobody-here')
    expect(res.status).toBe(404)
    expect(res.json.error.message).toBe('Profile not found')
  })
})

describe('POST /api/operators/:username/views', () => {
  test('records the profile, referrer URL, user agent and the IP the server sees', async () => {
    const username = `viewed-${tag()}`
    const op = await createUser({ roles: ['operator'], plan: 'premium', username })
    const visitor = new TestAgent(undefined, '198.51.100.23')
    const res = await visitor.post(`/api/operators/${username}/views`, { referrer_url: 'https://www.google.com/search?q=homes', ip_address: '1.2.3.4' }, {
      headers: { 'user-agent': 'TestBrowser/1.0' },
    })
    expect(res.status).toBe(201)
    const rows = await db.select().from(profile_views).where(eq(profile_views.profile_id, op.id)).all()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ referrer_url: 'https://www.google.com/search?q=homes', user_agent: 'TestBrowser/1.0', ip_address: '198.51.100.23' })
  })

  test('a direct visit has no referrer; the owner viewing their own profile is not counted', async () => {
    const username = `self-${tag()}`
    const op = await createUser({ roles: ['operator'], plan: 'premium', username })
    expect((await anonymous().post(`/api/operators/${username}/views`, {})).status).toBe(201)
    const own = await op.agent.post(`/api/operators/${username}/views`, { referrer_url: null })
    expect(own.json).toEqual({ recorded: false })
    const rows = await db.select().from(profile_views).where(eq(profile_views.profile_id, op.id)).all()
    expect(rows).toHaveLength(1)
    expect(rows[0]!.referrer_url).toBeNull()
  })

  test('unknown profile 404, oversized referrer 422, and a reload storm is rate limited', async () => {
    expect((await anonymous().post('/api/operators/nobody-here/views', {})).status).toBe(404)
    const username = `storm-${tag()}`
    await createUser({ roles: ['operator'], plan: 'premium', username })
    expect((await anonymous().post(`/api/operators/${username}/views`, { referrer_url: 'x'.repeat(2001) })).status).toBe(422)
    const agent = new TestAgent(undefined, '192.0.2.99')
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) statuses.push((await agent.post(`/api/operators/${username}/views`, {})).status)
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true)
    expect(statuses[30]).toBe(429)
  })
})
