import { describe, expect, test } from 'bun:test'
import { and, eq, sql } from 'drizzle-orm'
import { rows } from '../../db/raw'
import { properties, referral_matches, referral_payments, referrals } from '../../db/schema'
import { clock, DAY } from '../../lib/clock'
import { createUser, db, setupTestDb } from '../../test/setup'
import { lookupZip } from '../geo/zip'

setupTestDb()

async function home(operatorId: string, zip: string, opts: { beds?: number; confirmed?: Date | null; created?: Date } = {}) {
  const place = lookupZip(zip)!
  return db
    .insert(properties)
    .values({
      operator_id: operatorId,
      name: `Home ${crypto.randomUUID().slice(0, 6)}`,
      address: '1 Main St',
      city: place.city,
      state: place.state,
      zip_code: zip,
      total_beds: 6,
      available_beds: opts.beds ?? 1,
      monthly_fee_cents: 300000,
      latitude: place.latitude,
      longitude: place.longitude,
      beds_confirmed_at: opts.confirmed === undefined ? clock.now() : opts.confirmed,
      ...(opts.created ? { created_at: opts.created } : {}),
    })
    .returning()
    .get()
}

const body = (state: string, city: string) => ({
  referrer_name: 'Dana Whitfield',
  referrer_relationship: 'case-manager',
  referrer_email: 'dana@example.com',
  referrer_phone: '(555) 010-0100',
  client_first_name: 'Eleanor',
  client_last_name: 'Price',
  client_dob: '1948-03-14',
  client_gender: 'female',
  budget_range: '$3,000-$4,000',
  preferred_state: state,
  preferred_cities: [city],
})

const matchedOperators = async (referralId: string) =>
  (await db.select().from(referral_matches).where(eq(referral_matches.referral_id, referralId)).all()).map((m) => m.operator_id)

const mine = async (agent: { get: (p: string) => Promise<{ json: any }> }, id: string) =>
  (await agent.get('/api/referrals/mine')).json.items.find((r: { id: string }) => r.id === id)

describe('"Not a fit"', () => {
  test('a matched home declines with a reason: it leaves their list, the next fitting home is notified, the referrer sees reasons (not anonymous homes)', async () => {
    const ops = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createUser({ roles: ['operator'], plan: 'premium', first_name: `Owner${i}`, last_name: `Secretname${i}` })),
    )
    for (const o of ops.slice(0, 5)) await home(o.id, '82001', { beds: 3 }) // Cheyenne WY
    await home(ops[5]!.id, '82001', { beds: 1 }) // 6th: fewer beds, left out at first
    const referrer = await createUser({ roles: ['referrer'] })
    const submitted = await referrer.agent.post('/api/referrals', body('WY', 'Cheyenne'))
    expect(submitted.status).toBe(201)
    const id = submitted.json.referral.id as string
    expect(await matchedOperators(id)).not.toContain(ops[5]!.id)

    const [anon, named] = [ops[0]!, ops[1]!]
    const listed = async (agent: typeof anon.agent) =>
      ((await agent.get('/api/marketplace/referrals?per_page=100')).json.items as { id: string }[]).some((i) => i.id === id)
    expect(await listed(anon.agent)).toBe(true)

    const res = await anon.agent.post(`/api/referrals/${id}/decline`, { reason: 'funding', note: 'Private pay only here', anonymous: true })
    expect(res.status).toBe(200)
    expect(res.json.next_homes_notified).toBe(1)
    expect(await matchedOperators(id)).toContain(ops[5]!.id)
    expect(await listed(anon.agent)).toBe(false)
    expect(await listed(named.agent)).toBe(true)
    expect((await anon.agent.post(`/api/referrals/${id}/decline`, { reason: 'funding' })).status).toBe(409)

    // The fixed list, and a note for Other.
    const bogus = await named.agent.post(`/api/referrals/${id}/decline`, { reason: 'too_busy' })
    expect(bogus.status).toBe(422)
    expect(bogus.json.error.message).toBe('Please choose a reason from the list')
    expect((await named.agent.post(`/api/referrals/${id}/decline`, { reason: 'other' })).status).toBe(422)
    expect((await named.agent.post(`/api/referrals/${id}/decline`, { reason: 'no_bed' })).status).toBe(200)

    // Someone not matched nor invited: the referral is not theirs to answer.
    const stranger = await createUser({ roles: ['operator'], plan: 'premium' })
    expect((await stranger.agent.post(`/api/referrals/${id}/decline`, { reason: 'no_bed' })).status).toBe(404)
    expect((await referrer.agent.post(`/api/referrals/${id}/decline`, { reason: 'no_bed' })).status).toBe(403)

    // The note is sealed at rest.
    const raw = await rows<{ note: string | null }>(db, sql`SELECT note FROM referral_declines WHERE referral_id = ${id}`)
    expect(raw.some((r) => r.note?.includes('Private pay'))).toBe(false)

    const list = await referrer.agent.get('/api/referrals/mine')
    const mineRow = list.json.items.find((r: { id: string }) => r.id === id)
    expect(mineRow.progress).toMatchObject({ homes_notified: 6, declined: 2, interested: 0, placed: false })
    expect(mineRow.progress.decline_reasons).toEqual([
      { reason: 'funding', label: 'Funding', count: 1 },
      { reason: 'no_bed', label: 'No bed available', count: 1 },
    ])
    expect(mineRow.progress.named_declines).toEqual([{ home: 'Owner1 Secretname1', reason: 'no_bed', label: 'No bed available' }])
    expect(list.text).not.toContain('Secretname0')
    // The note reaches the referrer, also from a home that declined anonymously: anonymity hides who, not why.
    expect(mineRow.progress.declines).toEqual([
      { home: null, reason: 'funding', label: 'Funding', note: 'Private pay only here' },
      { home: 'Owner1 Secretname1', reason: 'no_bed', label: 'No bed available', note: null },
    ])
    // Only the referrer: another home's view of the referral has no note.
    expect((await named.agent.get(`/api/marketplace/referrals?per_page=100`)).text).not.toContain('Private pay')
    expect(mineRow.progress.time_to_first_response_ms).toBeGreaterThanOrEqual(0)
  })

  test('matching prefers homes confirmed recently among equally fitting ones', async () => {
    const ops = await Promise.all(Array.from({ length: 6 }, () => createUser({ roles: ['operator'] })))
    // Five equal homes confirmed long ago (older, so they would win the tie), one confirmed today.
    for (const [i, o] of ops.slice(0, 5).entries()) {
      await home(o.id, '57501', { confirmed: new Date(clock.ms() - 30 * DAY), created: new Date(clock.ms() - (20 - i) * DAY) })
    }
    await home(ops[5]!.id, '57501', { confirmed: clock.now(), created: new Date(clock.ms() - DAY) })
    const referrer = await createUser({ roles: ['referrer'] })
    const submitted = await referrer.agent.post('/api/referrals', body('SD', 'Pierre'))
    const matched = await matchedOperators(submitted.json.referral.id)
    expect(matched).toHaveLength(5)
    expect(matched).toContain(ops[5]!.id)
    expect(matched).not.toContain(ops[4]!.id)
  })
})

describe('invitations: accept and decline', () => {
  test('the invited operator sees, accepts or declines with a reason; the referrer sees each answer', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const id = (await referrer.agent.post('/api/referrals', body('ND', 'Bismarck'))).json.referral.id as string
    const a = await createUser({ roles: ['operator'], plan: 'premium', first_name: 'Accepting', last_name: 'Home' })
    const b = await createUser({ roles: ['operator'], plan: 'premium', first_name: 'Declining', last_name: 'Home' })
    for (const op of [a, b]) expect((await referrer.agent.post('/api/invitations', { referral_id: id, operator_id: op.id, message: 'Room for her?' })).status).toBe(201)

    const invites = (await a.agent.get('/api/my/invitations')).json.items
    expect(invites).toHaveLength(1)
    expect(invites[0]).toMatchObject({ referral_id: id, status: 'pending', message: 'Room for her?', client_age: expect.any(Number) })
    expect(JSON.stringify(invites)).not.toContain('Eleanor')
    const invitationA = invites[0].id
    const invitationB = (await b.agent.get('/api/my/invitations')).json.items[0].id

    expect((await b.agent.post(`/api/invitations/${invitationA}/accept`)).status).toBe(404)
    expect((await a.agent.post(`/api/invitations/${invitationA}/accept`)).json.status).toBe('accepted')
    expect((await a.agent.post(`/api/invitations/${invitationA}/accept`)).status).toBe(200)

    expect((await b.agent.post(`/api/invitations/${invitationB}/decline`, { reason: 'sleepy' })).status).toBe(422)
    const declined = await b.agent.post(`/api/invitations/${invitationB}/decline`, { reason: 'level_of_care', note: 'We cannot give 24-hour nursing' })
    expect(declined.status).toBe(200)
    expect((await b.agent.post(`/api/invitations/${invitationB}/accept`)).status).toBe(409)
    expect((await b.agent.post(`/api/invitations/${invitationB}/decline`, { reason: 'no_bed' })).status).toBe(409)
    expect((await b.agent.get('/api/my/invitations')).json.items[0]).toMatchObject({ status: 'declined', decline_reason_label: 'Level of care' })
    // A declined invitation no longer opens the referral.
    expect((await b.agent.get(`/api/referrals/${id}`)).status).toBe(404)

    const progress = (await mine(referrer.agent, id)).progress
    expect(progress.invitations).toEqual([
      { operator: 'Accepting Home', status: 'accepted', responded_at: expect.any(String), reason_label: null },
      { operator: 'Declining Home', status: 'declined', responded_at: expect.any(String), reason_label: 'Level of care' },
    ])
    expect(progress.declined).toBe(1)
    expect(progress.first_response_at).not.toBeNull()
  })
})

describe('closing a referral', () => {
  test('with an outcome from the list; refused while an escrow payment is open; only by its referrer', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const id = (await referrer.agent.post('/api/referrals', body('AK', 'Juneau'))).json.referral.id as string
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const paid = await db
      .insert(referral_payments)
      .values({ referral_id: id, operator_id: op.id, amount_cents: 20000, status: 'held_in_escrow', provider: 'offline', paid_at: clock.now() })
      .returning()
      .get()

    expect((await referrer.agent.post(`/api/referrals/${id}/close`, { outcome: 'moved_away' })).status).toBe(422)
    expect((await referrer.agent.post(`/api/referrals/${id}/close`, { outcome: 'other' })).status).toBe(422)
    const refused = await referrer.agent.post(`/api/referrals/${id}/close`, { outcome: 'placed_elsewhere' })
    expect(refused.status).toBe(409)
    expect(refused.json.error).toMatchObject({ code: 'escrow_open', message: "An operator's unlock payment for this referral is still open. Confirm the placement (placed or not placed) on this referral, or ask an admin to release or refund the payment; then close it." })
    expect(refused.json.error.message).toMatch(/Confirm the placement.*admin to release or refund/)

    await db.update(referral_payments).set({ status: 'refunded' }).where(eq(referral_payments.id, paid.id)).run()
    const other = await createUser({ roles: ['referrer'] })
    expect((await other.agent.post(`/api/referrals/${id}/close`, { outcome: 'placed_elsewhere' })).status).toBe(404)
    const closed = await referrer.agent.post(`/api/referrals/${id}/close`, { outcome: 'placed_elsewhere' })
    expect(closed.status).toBe(200)
    expect(closed.json.referral).toMatchObject({ status: 'cancelled', close_outcome: 'placed_elsewhere' })
    expect((await referrer.agent.post(`/api/referrals/${id}/close`, { outcome: 'no_longer_needed' })).status).toBe(409)
    // Closed: nobody can pay to unlock it any more.
    expect((await op.agent.post(`/api/referrals/${id}/unlock`)).status).toBe(404)

    // A pending invitation on a closed referral can no longer be answered.
    const invited = await createUser({ roles: ['operator'], plan: 'premium' })
    const id3 = (await referrer.agent.post('/api/referrals', body('AK', 'Juneau'))).json.referral.id as string
    expect((await referrer.agent.post('/api/invitations', { referral_id: id3, operator_id: invited.id })).status).toBe(201)
    expect((await referrer.agent.post(`/api/referrals/${id3}/close`, { outcome: 'no_longer_needed' })).status).toBe(200)
    const invitation = (await invited.agent.get('/api/my/invitations')).json.items[0]
    expect(invitation.referral_status).toBe('cancelled')
    expect((await invited.agent.post(`/api/invitations/${invitation.id}/accept`)).status).toBe(409)
    expect((await invited.agent.post(`/api/invitations/${invitation.id}/decline`, { reason: 'no_bed' })).status).toBe(409)

    const id2 = (await referrer.agent.post('/api/referrals', body('AK', 'Juneau'))).json.referral.id as string
    const placed = await referrer.agent.post(`/api/referrals/${id2}/close`, { outcome: 'placed_homeward' })
    expect(placed.json.referral).toMatchObject({ status: 'placed', close_outcome: 'placed_homeward' })
    expect((await db.select().from(referrals).where(and(eq(referrals.id, id2))).get())!.placed_at).not.toBeNull()

    // Placed, closed and cancelled are counted apart: a close with an outcome is not a cancellation.
    const id4 = (await referrer.agent.post('/api/referrals', body('AK', 'Juneau'))).json.referral.id as string
    expect((await referrer.agent.post(`/api/referrals/${id4}/cancel`)).status).toBe(200)
    const summary = await referrer.agent.get('/api/referrals/mine/summary')
    expect(summary.json).toMatchObject({ total: 4, placed: 1, closed: 2, cancelled: 1 })
    // The admin's list carries the outcome, so it shows it instead of a bare "cancelled".
    const admin = await createUser({ roles: ['admin'] })
    const listed = (await admin.agent.get('/api/admin/referrals')).json.items as Array<{ id: string; status: string; close_outcome: string | null }>
    expect(listed.find((r) => r.id === id)).toMatchObject({ status: 'cancelled', close_outcome: 'placed_elsewhere' })
    expect(listed.find((r) => r.id === id4)).toMatchObject({ status: 'cancelled', close_outcome: null })
  })
})

describe('admin funnel', () => {
  test('stages, medians and decline reasons for 30/90 days, as JSON and CSV; admins only', async () => {
    const admin = await createUser({ roles: ['admin'] })
    const first = await admin.agent.get('/api/admin/funnel?days=30')
    expect(first.status).toBe(200)
    const before = first.json
    const referrer = await createUser({ roles: ['referrer'] })
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    await home(op.id, '83702') // Boise ID
    const id = (await referrer.agent.post('/api/referrals', body('ID', 'Boise'))).json.referral.id as string
    clock.advance(10 * 60_000)
    expect((await op.agent.post(`/api/referrals/${id}/interest`)).status).toBe(200)
    expect((await op.agent.post(`/api/referrals/${id}/decline`, { reason: 'location' })).status).toBe(200)
    const after = (await admin.agent.get('/api/admin/funnel?days=30')).json
    clock.reset()
    const stage = (f: any, s: string) => f.stages.find((x: { stage: string }) => x.stage === s).count
    expect(stage(after, 'submitted')).toBe(stage(before, 'submitted') + 1)
    expect(after.median_first_response_ms).toBeGreaterThan(0)
    expect(after.decline_reasons.find((r: { reason: string }) => r.reason === 'location').count).toBeGreaterThanOrEqual(1)
    expect(after.stages.map((s: { label: string }) => s.label)).toEqual(['Submitted', 'First interest', 'Unlocked', 'Placed'])

    expect((await admin.agent.get('/api/admin/funnel?days=7')).status).toBe(422)
    const csv = await admin.agent.get('/api/admin/funnel.csv?days=90')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(csv.text).toContain('Section,Item,Last 90 days')
    expect(csv.text).toContain('Funnel,Submitted,')
    expect(csv.text).toContain('Decline reasons,Location,')
    expect((await referrer.agent.get('/api/admin/funnel')).status).toBe(403)
  })
})
