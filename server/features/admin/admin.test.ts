import { beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { audit_logs, operator_subscriptions, outbox, referral_payments, referrals, review_requests } from '../../db/schema'
import { clock, HOUR, MINUTE } from '../../lib/clock'
import { writeAudit } from '../../lib/audit'
import { anonymous, createUser, db, setupTestDb, TestAgent } from '../../test/setup'
import { insertHeldPayment, insertProperty, insertReferral } from './test-fixtures'

setupTestDb()

type U = Awaited<ReturnType<typeof createUser>>
let admin: U
let referrer: U
let operator: U
let roleless: U

beforeAll(async () => {
  admin = await createUser({ roles: ['admin'], first_name: 'Avery', last_name: 'Admin' })
  referrer = await createUser({ roles: ['referrer'], first_name: 'Rita', last_name: 'Referrer' })
  operator = await createUser({ roles: ['operator'], first_name: 'Omar', last_name: 'Operator' })
  roleless = await createUser({ first_name: 'New', last_name: 'Signup' })
})

const ENDPOINTS: [string, string, unknown?][] = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/referrals'],
  ['PATCH', '/api/admin/referrals/some-id', { status: 'placed' }],
  ['POST', '/api/admin/referrals/some-id/review-request'],
  ['GET', '/api/admin/escrow'],
  ['POST', '/api/admin/escrow/some-id', { action: 'release', reason: 'placed' }],
  ['GET', '/api/admin/properties'],
  ['GET', '/api/admin/operators'],
  ['GET', '/api/admin/operators.csv'],
  ['GET', '/api/admin/referrers'],
  ['GET', '/api/admin/referrers.csv'],
  ['GET', '/api/admin/subscriptions'],
  ['GET', '/api/admin/audit-logs'],
  ['GET', '/api/admin/outbox'],
  ['POST', '/api/admin/outbox/some-id/retry'],
]

describe('every admin endpoint is for admins only', () => {
  /** Everything an admin call could write. */
  const writable = async () => JSON.stringify(await Promise.all([audit_logs, outbox, referral_payments, review_requests, referrals].map((table) => db.select().from(table).all())))

  // `body = undefined`: a row without a body has two values, and a callback taking more parameters than that
  // is called with bun's `done` callback last and awaited until it is called (it never is).
  test.each(ENDPOINTS)('%s %s: 401 anonymous, 403 referrer, operator and role-less, and nothing written', async (method, path, body = undefined) => {
    const before = await writable()
    expect((await anonymous().request(method, path, { body })).status).toBe(401)
    for (const user of [referrer, operator, roleless]) {
      const res = await user.agent.request(method, path, { body })
      expect(res.status).toBe(403)
      expect(res.json.error.code).toBe('forbidden')
    }
    expect(await writable()).toBe(before)
  })

  test.each(ENDPOINTS.filter(([m]) => m === 'GET'))('%s %s answers an admin', async (method, path) => {
    const res = await admin.agent.request(method, path)
    expect(res.status).toBe(200)
  })
})

describe('overview', () => {
  test('counts profiles, properties, referrals, pending, placed-and-paid; the fees released to referrers sum released escrow', async () => {
    const before = (await admin.agent.get('/api/admin/stats')).json
    const home = await insertProperty(operator.id)
    await insertReferral()
    await insertReferral({ status: 'placed', referral_fee_paid: true })
    await insertReferral({ status: 'placed', referral_fee_paid: false })
    const r = await insertReferral({ status: 'placed', referral_fee_paid: true })
    const r2 = await insertReferral()
    await db.insert(referral_payments)
      .values([
        { referral_id: r.id, operator_id: operator.id, amount_cents: 50000, status: 'released_to_referrer', provider: 'offline' },
        { referral_id: r2.id, operator_id: operator.id, amount_cents: 20000, status: 'refunded', provider: 'offline' },
      ])
      .run()
    await createUser()
    const after = (await admin.agent.get('/api/admin/stats')).json
    expect(after.profiles - before.profiles).toBe(1)
    expect(after.properties - before.properties).toBe(1)
    expect(after.referrals - before.referrals).toBe(5)
    expect(after.pending_referrals - before.pending_referrals).toBe(2)
    expect(after.placed_paid_referrals - before.placed_paid_referrals).toBe(2)
    expect(after.released_to_referrers_cents - before.released_to_referrers_cents).toBe(50000)
    expect(after).not.toHaveProperty('revenue_cents')
    expect(home.id).toBeTruthy()
  })
})

describe('referrals', () => {
  test('all referrals, newest first, with status filter', async () => {
    const older = await insertReferral({ created_at: new Date(clock.ms() - 10 * HOUR) })
    const newer = await insertReferral({ created_at: new Date(clock.ms() + 10 * HOUR), status: 'reviewing' })
    const res = await admin.agent.get('/api/admin/referrals')
    const ids = res.json.items.map((r: { id: string }) => r.id)
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id))
    expect(ids[0]).toBe(newer.id)
    // Summary only: no care data in the list.
    expect(res.json.items[0]).not.toHaveProperty('client_medical_conditions')
    expect(res.json.items[0]).not.toHaveProperty('client_dob')
    expect(res.json.items[0]).not.toHaveProperty('client_first_name')
    expect(res.json.items[0].client_initials).toBe('E. P.')
    expect(res.text).not.toContain('Eleanor')
    const filtered = await admin.agent.get('/api/admin/referrals?status=reviewing')
    expect(filtered.json.items.every((r: { status: string }) => r.status === 'reviewing')).toBe(true)
    expect((await admin.agent.get('/api/admin/referrals?status=lost')).status).toBe(422)
  })

  test('a status change is audited with the new status and the IP the server saw', async () => {
    const r = await insertReferral()
    const agent = new TestAgent(undefined, '198.51.100.23')
    agent.cookie = admin.agent.cookie
    const res = await agent.patch(`/api/admin/referrals/${r.id}`, { status: 'reviewing' })
    expect(res.status).toBe(200)
    expect(res.json.status).toBe('reviewing')
    const log = await db.select().from(audit_logs).where(eq(audit_logs.resource_id, r.id)).all()
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({
      action: 'referral_status_changed',
      resource_type: 'referral',
      actor_id: admin.id,
      actor_label: admin.email,
      ip_address: '198.51.100.23',
      details: { newStatus: 'reviewing', previousStatus: 'pending' },
    })
    // The audit log shows it, with actor and IP.
    const logs = (await admin.agent.get('/api/admin/audit-logs')).json.items
    expect(logs[0]).toMatchObject({ action: 'referral_status_changed', resource_type: 'referral', actor_label: admin.email, ip_address: '198.51.100.23' })
  })

  test.each(['pending', 'reviewing', 'matched', 'placed', 'rejected', 'cancelled'])('status %s can be set freely', async (status) => {
    const r = await insertReferral({ status: status === 'pending' ? 'rejected' : 'pending' })
    const res = await admin.agent.patch(`/api/admin/referrals/${r.id}`, { status })
    expect(res.status).toBe(200)
    expect((await db.select().from(referrals).where(eq(referrals.id, r.id)).get())!.status).toBe(status as never)
  })

  test('placed stamps placed_at, sends the review request and can name the matched home', async () => {
    const home = await insertProperty(operator.id)
    const r = await insertReferral()
    const res = await admin.agent.patch(`/api/admin/referrals/${r.id}`, { status: 'placed', matched_property_id: home.id })
    expect(res.status).toBe(200)
    expect(res.json.review_request_sent).toBe(true)
    const row = (await db.select().from(referrals).where(eq(referrals.id, r.id)).get())!
    expect(row.placed_at).toBeInstanceOf(Date)
    expect(row.matched_property_id).toBe(home.id)
    expect(row.matched_operator_id).toBe(operator.id)
    const mails = await db.select().from(outbox).where(eq(outbox.referral_id, r.id)).all()
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ type: 'review_request', to_email: r.referrer_email, status: 'pending' })
    expect(mails[0]!.text_body).toContain(`/review/${r.id}?token=`)
    expect(mails[0]!.text_body).toContain(home.name)
    expect(await db.select().from(review_requests).where(eq(review_requests.referral_id, r.id)).all()).toHaveLength(1)
    // Setting placed again does not send a second request.
    await admin.agent.patch(`/api/admin/referrals/${r.id}`, { status: 'placed' })
    expect(await db.select().from(outbox).where(eq(outbox.referral_id, r.id)).all()).toHaveLength(1)
  })

  test('bad input is refused and changes nothing', async () => {
    const r = await insertReferral()
    const bad = await admin.agent.patch(`/api/admin/referrals/${r.id}`, { status: 'closed' })
    expect(bad.status).toBe(422)
    expect(bad.json.error.fields.status).toMatch(/Status must be one of/)
    const noProperty = await admin.agent.patch(`/api/admin/referrals/${r.id}`, { status: 'placed', matched_property_id: 'nope' })
    expect(noProperty.status).toBe(422)
    expect(noProperty.json.error.message).toBe('Property not found')
    const malformed = await admin.agent.request('PATCH', `/api/admin/referrals/${r.id}`, { body: '{"status":', headers: { 'content-type': 'application/json' } })
    expect(malformed.status).toBe(400)
    expect((await admin.agent.patch('/api/admin/referrals/missing', { status: 'placed' })).status).toBe(404)
    const row = (await db.select().from(referrals).where(eq(referrals.id, r.id)).get())!
    expect(row.status).toBe('pending')
    expect(row.placed_at).toBeNull()
    expect(await db.select().from(outbox).where(eq(outbox.referral_id, r.id)).all()).toHaveLength(0)
    expect(await db.select().from(audit_logs).where(eq(audit_logs.resource_id, r.id)).all()).toHaveLength(0)
  })

  test('Send Review Request works on placed referrals only, and is audited', async () => {
    const pending = await insertReferral()
    const refused = await admin.agent.post(`/api/admin/referrals/${pending.id}/review-request`)
    expect(refused.status).toBe(409)
    expect(await db.select().from(outbox).where(eq(outbox.referral_id, pending.id)).all()).toHaveLength(0)
    const placed = await insertReferral({ status: 'placed' })
    const ok = await admin.agent.post(`/api/admin/referrals/${placed.id}/review-request`)
    expect(ok.status).toBe(200)
    expect((await db.select().from(outbox).where(eq(outbox.referral_id, placed.id)).all()).map((m) => m.type)).toEqual(['review_request'])
    expect(await db.select().from(audit_logs).where(eq(audit_logs.resource_id, placed.id)).get()).toMatchObject({ action: 'review_request_sent' })
    expect((await admin.agent.post('/api/admin/referrals/missing/review-request')).status).toBe(404)
  })
})

describe('escrow', () => {
  test('held payments, soonest hold end first, with operator name, amount and the expired flag', async () => {
    const org = await createUser({ roles: ['operator'], first_name: 'Olga', last_name: 'Org' })
    const late = await insertHeldPayment({ referralId: (await insertReferral()).id, operatorId: org.id, holdHours: 60 })
    const expired = await insertHeldPayment({ referralId: (await insertReferral()).id, operatorId: operator.id, holdHours: -2, amount_cents: 50000 })
    const soon = await insertHeldPayment({ referralId: (await insertReferral()).id, operatorId: operator.id, holdHours: 1 })
    const res = await admin.agent.get('/api/admin/escrow')
    const ids = res.json.items.map((p: { id: string }) => p.id)
    expect(ids.slice(0, 3)).toEqual([expired.id, soon.id, late.id])
    expect(res.json.items[0]).toMatchObject({ amount_cents: 50000, expired: true, operator_name: 'Omar Operator', client_initials: 'E. P.' })
    expect(res.json.items[1].expired).toBe(false)
    expect(res.json.items[2].operator_name).toBe('Olga Org')
    expect(typeof res.json.items[0].paid_at).toBe('string')
    expect(typeof res.json.items[0].escrow_hold_until).toBe('string')
  })

  test('a reason and a valid action are required; nothing changes otherwise', async () => {
    const p = await insertHeldPayment({ referralId: (await insertReferral()).id, operatorId: operator.id })
    for (const body of [{ action: 'release' }, { action: 'release', reason: '   ' }, { action: 'refund', reason: '' }, { action: 'keep', reason: 'x' }]) {
      const res = await admin.agent.post(`/api/admin/escrow/${p.id}`, body)
      expect(res.status).toBe(422)
    }
    const missing = await admin.agent.post(`/api/admin/escrow/${p.id}`, { action: 'refund' })
    expect(missing.json.error.message).toBe('A reason is required')
    expect((await db.select().from(referral_payments).where(eq(referral_payments.id, p.id)).get())!.status).toBe('held_in_escrow')
  })

  test('release to the referrer, with the reason, audited', async () => {
    const r = await insertReferral()
    const p = await insertHeldPayment({ referralId: r.id, operatorId: operator.id, holdHours: -1 })
    const res = await admin.agent.post(`/api/admin/escrow/${p.id}`, { action: 'release', reason: 'Placement confirmed by phone' })
    expect(res.status).toBe(200)
    const row = (await db.select().from(referral_payments).where(eq(referral_payments.id, p.id)).get())!
    expect(row.status).toBe('released_to_referrer')
    expect(row.resolution_reason).toBe('Placement confirmed by phone')
    expect((await db.select().from(audit_logs).where(eq(audit_logs.resource_id, p.id)).all()).length).toBeGreaterThan(0)
    expect((await admin.agent.get('/api/admin/escrow')).json.items.map((i: { id: string }) => i.id)).not.toContain(p.id)
    // A resolved payment cannot be resolved again.
    const again = await admin.agent.post(`/api/admin/escrow/${p.id}`, { action: 'refund', reason: 'changed my mind' })
    expect(again.status).toBeGreaterThanOrEqual(400)
    expect(again.status).toBeLessThan(500)
  })

  test('refund the operator, with the reason', async () => {
    const p = await insertHeldPayment({ referralId: (await insertReferral()).id, operatorId: operator.id })
    const res = await admin.agent.post(`/api/admin/escrow/${p.id}`, { action: 'refund', reason: 'Client chose another home' })
    expect(res.status).toBe(200)
    const row = (await db.select().from(referral_payments).where(eq(referral_payments.id, p.id)).get())!
    expect(row.status).toBe('refunded')
    expect(row.resolution_reason).toBe('Client chose another home')
  })

  test('an unknown payment is a 404', async () => {
    const res = await admin.agent.post('/api/admin/escrow/missing', { action: 'refund', reason: 'x' })
    expect(res.status).toBe(404)
  })

  test('?view=resolved keeps the history: released and refunded payments, latest first, with who and why', async () => {
    const released = await insertHeldPayment({ referralId: (await insertReferral()).id, operatorId: operator.id })
    const refunded = await insertHeldPayment({ referralId: (await insertReferral()).id, operatorId: operator.id })
    const held = await insertHeldPayment({ referralId: (await insertReferral()).id, operatorId: operator.id })
    expect((await admin.agent.post(`/api/admin/escrow/${released.id}`, { action: 'release', reason: 'Placed on Monday' })).status).toBe(200)
    clock.advance(1000) // the refund resolves later: it comes first
    expect((await admin.agent.post(`/api/admin/escrow/${refunded.id}`, { action: 'refund', reason: 'Client moved away' })).status).toBe(200)

    const history = await admin.agent.get('/api/admin/escrow?view=resolved')
    expect(history.status).toBe(200)
    const ids = history.json.items.map((i: { id: string }) => i.id)
    expect(ids).not.toContain(held.id)
    expect(ids.indexOf(refunded.id)).toBeLessThan(ids.indexOf(released.id))
    const [first] = history.json.items.filter((i: { id: string }) => i.id === refunded.id)
    expect(first).toMatchObject({ status: 'refunded', resolution_reason: 'Client moved away', resolved_by: admin.email, expired: false })
    expect(typeof first.resolved_at).toBe('string')
    expect(history.json.items.find((i: { id: string }) => i.id === released.id)).toMatchObject({ status: 'released_to_referrer', resolution_reason: 'Placed on Monday' })

    // The default view is still the payments held now.
    const now = (await admin.agent.get('/api/admin/escrow')).json.items
    expect(now.map((i: { id: string }) => i.id)).toContain(held.id)
    expect(now.every((i: { status: string }) => i.status === 'held_in_escrow')).toBe(true)
    expect((await admin.agent.get('/api/admin/escrow?view=everything')).status).toBe(422)
  })
})

describe('properties, operators, referrers', () => {
  test('properties newest first with their operator, paged, by state', async () => {
    const a = await insertProperty(operator.id, { created_at: new Date(clock.ms() + 100 * HOUR), is_active: false })
    const b = await insertProperty(operator.id, { created_at: new Date(clock.ms() + 99 * HOUR), state: 'WA' })
    const res = await admin.agent.get('/api/admin/properties')
    expect(res.json.items[0]).toMatchObject({ id: a.id, operator_name: 'Omar Operator', is_active: false })
    expect(res.json.items[1].id).toBe(b.id)
    const first = await admin.agent.get('/api/admin/properties?per_page=1')
    expect(first.json).toMatchObject({ page: 1, per_page: 1, has_more: true })
    expect(first.json.items.map((p: { id: string }) => p.id)).toEqual([a.id])
    const second = await admin.agent.get('/api/admin/properties?per_page=1&page=2')
    expect(second.json.items.map((p: { id: string }) => p.id)).toEqual([b.id])
    const wa = await admin.agent.get('/api/admin/properties?state=wa')
    expect(wa.json.items.map((p: { id: string }) => p.id)).toEqual([b.id])
    expect((await admin.agent.get('/api/admin/properties?state=Washington')).status).toBe(422)
    expect((await admin.agent.get('/api/admin/properties?per_page=0')).status).toBe(422)
  })

  test('operators: operator role or no role; referrers: referrer role and no operator role, with counts', async () => {
    const both = await createUser({ roles: ['operator', 'referrer'] })
    await insertReferral({ referrer_user_id: referrer.id })
    await insertReferral({ referrer_user_id: referrer.id })
    await insertProperty(operator.id)
    const ops = (await admin.agent.get('/api/admin/operators')).json.items as { id: string; property_count: number; tier: string }[]
    const opIds = ops.map((o) => o.id)
    expect(opIds).toContain(operator.id)
    expect(opIds).toContain(roleless.id)
    expect(opIds).toContain(both.id)
    expect(opIds).not.toContain(referrer.id)
    expect(opIds).not.toContain(admin.id)
    expect(ops.find((o) => o.id === operator.id)!.property_count).toBeGreaterThan(0)
    expect(ops.find((o) => o.id === operator.id)!.tier).toBe('free')
    const refs = (await admin.agent.get('/api/admin/referrers')).json.items as { id: string; referral_count: number }[]
    expect(refs.map((r) => r.id)).toEqual([referrer.id])
    expect(refs[0]!.referral_count).toBe(2)
  })

  test('CSV downloads are named with the date, quoted, and formulas are neutralised', async () => {
    const today = clock.now().toISOString().slice(0, 10)
    await createUser({ roles: ['referrer'], first_name: '=HYPERLINK("http://evil.example","x")', last_name: 'Smith, "Jr"' })
    await createUser({ roles: ['operator'], first_name: '+SUM(1,2)', last_name: '@cmd' })
    const refs = await admin.agent.get('/api/admin/referrers.csv')
    expect(refs.status).toBe(200)
    expect(refs.headers.get('content-type')).toContain('text/csv')
    expect(refs.headers.get('content-disposition')).toBe(`attachment; filename="referrers-${today}.csv"`)
    expect(refs.text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")","Smith, ""Jr"""`)
    expect(refs.text.split('\r\n')[0]).toBe('\uFEFFFirst name,Last name,Email,Phone,Organization,Referrals,Joined')
    const ops = await admin.agent.get('/api/admin/operators.csv')
    expect(ops.headers.get('content-disposition')).toBe(`attachment; filename="operators-${today}.csv"`)
    expect(ops.text).toContain(`"'+SUM(1,2)",'@cmd`)
    expect(ops.text).not.toMatch(/(^|,)[=+@][A-Z]/m)
  })
})

describe('subscriptions', () => {
  test('lists complimentary grants and paid plans with tier, trial_ends_at, is_complimentary, granted_at', async () => {
    const comp = await createUser({ plan: 'complimentary' })
    const trial = await createUser({ plan: 'trialing' })
    const free = await createUser()
    const items = (await admin.agent.get('/api/admin/subscriptions')).json.items as Record<string, unknown>[]
    const byId = new Map(items.map((i) => [i.user_id, i]))
    expect(byId.get(comp.id)).toMatchObject({ is_complimentary: true, email: comp.email })
    expect(typeof byId.get(comp.id)!.granted_at).toBe('string')
    expect(byId.get(trial.id)).toMatchObject({ tier: 'premium', is_complimentary: false })
    expect(typeof byId.get(trial.id)!.trial_ends_at).toBe('string')
    expect(byId.has(free.id)).toBe(false)
    expect(items[0]!.is_complimentary).toBe(true)
    // The columns the tab shows are all there.
    for (const key of ['tier', 'trial_ends_at', 'is_complimentary', 'granted_at']) expect(items[0]).toHaveProperty(key)
    expect((await db.select().from(operator_subscriptions).where(eq(operator_subscriptions.user_id, free.id)).get())!.tier).toBe('free')
  })
})

describe('audit log paging', () => {
  test('latest 50 first, then older pages through the cursor, without gaps or repeats', async () => {
    const base = clock.ms() + 1000 * HOUR
    for (let i = 0; i < 120; i++) {
      clock.set(new Date(base + Math.floor(i / 3) * MINUTE)) // several rows share a timestamp
      await writeAudit(db, { id: null, label: 'cli', ip: null }, { action: 'keys_rotated', resource_type: 'test', resource_id: String(i) })
    }
    clock.reset()
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const res: { status: number; json: { items: { resource_id: string; resource_type: string }[]; next_cursor: string | null } } =
        await admin.agent.get(`/api/admin/audit-logs${cursor ? `?before=${cursor}` : ''}`)
      expect(res.status).toBe(200)
      if (pages === 0) expect(res.json.items).toHaveLength(50)
      seen.push(...res.json.items.filter((i) => i.resource_type === 'test').map((i) => i.resource_id))
      cursor = res.json.next_cursor
      pages++
    } while (cursor && pages < 20)
    expect(seen).toHaveLength(120)
    expect(new Set(seen).size).toBe(120)
    // Newest first (rows sharing a timestamp come in a stable id order).
    const minutes = seen.map((id) => Math.floor(Number(id) / 3))
    expect(minutes).toEqual([...minutes].sort((a, b) => b - a))
    expect((await admin.agent.get('/api/admin/audit-logs?before=%%%')).status).toBe(400)
  })
})

describe('outbox', () => {
  test('lists every e-mail with status, recipient, type, time, error; failed ones can be retried once', async () => {
    const failed = await db
      .insert(outbox)
      .values({ to_email: 'x@test.local', type: 'welcome', subject: 'Welcome', text_body: 'Hi', status: 'failed', attempts: 6, last_error: 'connect ECONNREFUSED' })
      .returning()
      .get()
    const sent = await db
      .insert(outbox)
      .values({ to_email: 'y@test.local', type: 'welcome', subject: 'Welcome', text_body: 'Hi', status: 'sent', attempts: 1, sent_at: clock.now() })
      .returning()
      .get()
    const list = (await admin.agent.get('/api/admin/outbox')).json.items as Record<string, unknown>[]
    expect(list.find((m) => m.id === failed.id)).toMatchObject({ status: 'failed', to_email: 'x@test.local', type: 'welcome', last_error: 'connect ECONNREFUSED', attempts: 6, retried: true })
    expect(list.find((m) => m.id === sent.id)).toMatchObject({ status: 'sent', retried: false })
    const onlyFailed = (await admin.agent.get('/api/admin/outbox?status=failed')).json.items as { status: string }[]
    expect(onlyFailed.every((m) => m.status === 'failed')).toBe(true)

    expect((await admin.agent.post(`/api/admin/outbox/${sent.id}/retry`)).status).toBe(409)
    const retry = await admin.agent.post(`/api/admin/outbox/${failed.id}/retry`)
    expect(retry.status).toBe(200)
    expect(await db.select().from(outbox).where(eq(outbox.id, failed.id)).get()).toMatchObject({ status: 'pending' })
    expect(await db.select().from(audit_logs).where(eq(audit_logs.resource_id, failed.id)).get()).toMatchObject({ action: 'email_retried' })
    expect((await admin.agent.post('/api/admin/outbox/missing/retry')).status).toBe(404)
  })

  test('account links (password reset, e-mail verification) are hidden from admins; review links are not', async () => {
    const reset = await db
      .insert(outbox)
      .values({ to_email: 'z@test.local', type: 'password_reset', subject: 'Reset', text_body: 'Reset password: http://localhost:3000/reset-password?token=secret123abc\n' })
      .returning()
      .get()
    const r = await insertReferral({ status: 'placed' })
    await admin.agent.post(`/api/admin/referrals/${r.id}/review-request`)
    const list = (await admin.agent.get('/api/admin/outbox')).json.items as { id: string; type: string; referral_id?: string; text_body: string }[]
    const shown = list.find((m) => m.id === reset.id)!
    expect(shown.text_body).toContain('reset-password?token=[hidden]')
    expect(shown.text_body).not.toContain('secret123abc')
    expect(list.find((m) => m.type === 'review_request' && m.text_body.includes(r.id))!.text_body).toMatch(/token=[a-z0-9]{20,}/)
  })
})
