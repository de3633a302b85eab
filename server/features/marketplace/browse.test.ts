import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { audit_logs, disclosures, invitations } from '../../db/schema'
import { clock } from '../../lib/clock'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { ageFrom, maskName } from './referral-view'
import { CLIENT_FIRST, CLIENT_LAST, insertReferral, premiumOperator, referrer, SENSITIVE, unlockAndPay } from './test-fixtures'

setupTestDb()

const MASKED_KEYS = [...Object.keys(SENSITIVE), 'client_dob', 'referrer_name', 'referrer_user_id', 'key_id', 'budget_max_cents']

/** Every value that must never appear in a masked answer, as text. */
const secretValues = () => [
  CLIENT_FIRST,
  CLIENT_LAST,
  ...Object.values(SENSITIVE)
    .filter((v) => typeof v === 'string')
    .map(String),
  'Benefit-Secret',
]

describe('who may browse', () => {
  test('signed out: 401 with the product’s exact text', async () => {
    const res = await anonymous().get('/api/marketplace/referrals')
    expect(res.status).toBe(401)
    expect(res.json.error.message).toBe('Please sign in to browse referrals')
  })

  test('no active subscription: 403 premium_required with the product’s exact text', async () => {
    for (const user of [await createUser({ roles: ['operator'] }), await createUser({ roles: ['referrer'] }), await createUser({ roles: ['operator'], plan: 'free' })]) {
      const res = await user.agent.get('/api/marketplace/referrals')
      expect(res.status).toBe(403)
      expect(res.json.error).toMatchObject({ code: 'premium_required', message: 'Active subscription required to browse referrals' })
    }
  })

  test('premium, trialing, complimentary and admins may browse; actions are refused the same way', async () => {
    for (const plan of ['premium', 'trialing', 'complimentary'] as const) {
      const user = await premiumOperator({ plan })
      expect((await user.agent.get('/api/marketplace/referrals')).status).toBe(200)
    }
    const admin = await createUser({ roles: ['admin'] })
    expect((await admin.agent.get('/api/marketplace/referrals')).status).toBe(200)

    const r = await insertReferral((await referrer()).id)
    const free = await createUser({ roles: ['operator'] })
    for (const [method, path] of [
      ['POST', `/api/referrals/${r.id}/interest`],
      ['POST', `/api/referrals/${r.id}/unlock`],
      ['POST', `/api/referrals/${r.id}/waitlist`],
      ['GET', `/api/marketplace/referrals/${r.id}`],
    ] as const) {
      expect((await anonymous().request(method, path)).status).toBe(401)
      const res = await free.agent.request(method, path)
      expect(res.status).toBe(403)
      expect(res.json.error.code).toBe('premium_required')
    }
  })
})

describe('cards', () => {
  test('masked cards carry initials, age and the listed fields, and none of the sensitive fields', async () => {
    const owner = await referrer()
    const r = await insertReferral(owner.id)
    const op = await premiumOperator()
    const res = await op.agent.get('/api/marketplace/referrals?per_page=100')
    expect(res.status).toBe(200)
    const card = res.json.items.find((i: { id: string }) => i.id === r.id)
    expect(card).toMatchObject({
      id: r.id,
      visibility_level: 'masked',
      unlocked: false,
      client_name: 'J*** D***',
      client_first_name: 'J***',
      client_last_name: 'D***',
      client_gender: 'female',
      client_age: ageFrom('1948-03-14', clock.now()),
      preferred_state: 'TX',
      preferred_cities: ['Austin', 'Round Rock'],
      budget_range: '$3,000-$4,000',
      interested_operators_count: 0,
      status: 'pending',
    })
    expect(typeof card.created_at).toBe('string')
    for (const key of MASKED_KEYS) expect(card).not.toHaveProperty(key)
    expect(card).not.toHaveProperty('client_medical_conditions')
    // Nothing sensitive anywhere in the answer, not even under another name.
    for (const value of secretValues()) expect(res.text).not.toContain(value)
    expect(res.text).not.toContain('1948')
    // No disclosure is recorded for masked views.
    expect(await db.select().from(disclosures).where(eq(disclosures.referral_id, r.id)).all()).toHaveLength(0)
  })

  test('the masked single view is masked the same way', async () => {
    const r = await insertReferral((await referrer()).id)
    const op = await premiumOperator()
    const res = await op.agent.get(`/api/marketplace/referrals/${r.id}`)
    expect(res.status).toBe(200)
    expect(res.json.referral.client_name).toBe('J*** D***')
    expect(res.json.my.action).toBe('available')
    for (const key of MASKED_KEYS) expect(res.json.referral).not.toHaveProperty(key)
    for (const value of secretValues()) expect(res.text).not.toContain(value)
  })

  test('only pending referrals are listed, newest first', async () => {
    const owner = await referrer()
    const older = await insertReferral(owner.id, { created_at: new Date(clock.ms() - 5000) })
    const newer = await insertReferral(owner.id, { created_at: new Date(clock.ms() - 1000) })
    const placed = await insertReferral(owner.id, { status: 'placed' })
    const cancelled = await insertReferral(owner.id, { status: 'cancelled' })
    const op = await premiumOperator()
    const res = await op.agent.get('/api/marketplace/referrals?per_page=100')
    const ids = res.json.items.map((i: { id: string }) => i.id)
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id))
    expect(ids).not.toContain(placed.id)
    expect(ids).not.toContain(cancelled.id)
    const times = res.json.items.map((i: { created_at: string }) => Date.parse(i.created_at))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect((await op.agent.get(`/api/marketplace/referrals/${placed.id}`)).status).toBe(404)
  })

  test('pages', async () => {
    const owner = await referrer()
    for (let i = 0; i < 3; i++) await insertReferral(owner.id)
    const op = await premiumOperator()
    const first = await op.agent.get('/api/marketplace/referrals?per_page=2&page=1')
    expect(first.json.items).toHaveLength(2)
    expect(first.json.has_more).toBe(true)
    const second = await op.agent.get('/api/marketplace/referrals?per_page=2&page=2')
    expect(second.json.items[0].id).not.toBe(first.json.items[0].id)
    expect((await op.agent.get('/api/marketplace/referrals?per_page=1000')).status).toBe(422)
  })

  test('unlocked by payment: names, medical needs and the full record; each view is accounted for', async () => {
    const owner = await referrer()
    const r = await insertReferral(owner.id)
    const op = await premiumOperator()
    await op.agent.post(`/api/referrals/${r.id}/interest`)
    await unlockAndPay(op.agent, r.id)
    const res = await op.agent.get('/api/marketplace/referrals?per_page=100')
    const card = res.json.items.find((i: { id: string }) => i.id === r.id)
    expect(card).toMatchObject({
      unlocked: true,
      visibility_level: 'unlocked',
      client_name: `${CLIENT_FIRST} ${CLIENT_LAST}`,
      client_medical_conditions: SENSITIVE.client_medical_conditions,
    })
    expect(card.my).toMatchObject({ action: 'unlocked', unlocked_by: 'payment', payment: { status: 'held_in_escrow' } })
    // The card itself still shows only the card's fields.
    expect(card).not.toHaveProperty('health_psychiatric_conditions')

    const detail = await op.agent.get(`/api/marketplace/referrals/${r.id}`)
    expect(detail.json.referral).toMatchObject({ client_dob: '1948-03-14', health_psychiatric_conditions: 'Psychiatric-Secret', emergency_contact_name: 'Emergency Person-Secret' })
    expect(detail.json.referral).not.toHaveProperty('key_id')

    const rows = await db.select().from(disclosures).where(and(eq(disclosures.referral_id, r.id), eq(disclosures.viewer_id, op.id))).all()
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({ viewer_role: 'operator', what: 'referral', viewer_label: op.email })
    expect(await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'referral.view'), eq(audit_logs.resource_id, r.id))).all()).toHaveLength(2)

    // Another operator still sees it masked.
    const other = await premiumOperator()
    const theirs = await other.agent.get(`/api/marketplace/referrals/${r.id}`)
    expect(theirs.json.referral.client_name).toBe('J*** D***')
    expect(theirs.text).not.toContain('Medical-Secret')
  })

  test('invited operators see it unlocked; a declined invitation does not unlock', async () => {
    const owner = await referrer()
    const r = await insertReferral(owner.id)
    const invited = await premiumOperator()
    const declined = await premiumOperator()
    await db.insert(invitations).values([
      { referral_id: r.id, operator_id: invited.id, invited_by: owner.id },
      { referral_id: r.id, operator_id: declined.id, invited_by: owner.id, status: 'declined' },
    ]).run()
    const a = await invited.agent.get(`/api/marketplace/referrals/${r.id}`)
    expect(a.json.referral.client_name).toBe(`${CLIENT_FIRST} ${CLIENT_LAST}`)
    expect(a.json.my).toMatchObject({ action: 'unlocked', unlocked_by: 'invitation' })
    const b = await declined.agent.get(`/api/marketplace/referrals/${r.id}`)
    expect(b.json.referral.client_name).toBe('J*** D***')
    // Nothing to pay for once invited.
    expect((await invited.agent.post(`/api/referrals/${r.id}/unlock`)).json.error.code).toBe('already_unlocked')
  })

  test("a referrer's own referral is shown to them as theirs, with no marketplace actions", async () => {
    const both = await createUser({ roles: ['operator', 'referrer'], plan: 'premium' })
    const r = await insertReferral(both.id)
    const res = await both.agent.get('/api/marketplace/referrals?per_page=100')
    const card = res.json.items.find((i: { id: string }) => i.id === r.id)
    expect(card.my.action).toBe('own')
    expect(card.client_name).toBe(`${CLIENT_FIRST} ${CLIENT_LAST}`)
    for (const path of ['interest', 'unlock', 'waitlist']) {
      const refused = await both.agent.post(`/api/referrals/${r.id}/${path}`)
      expect(refused.status).toBe(403)
      expect(refused.json.error.code).toBe('own_referral')
    }
  })
})

describe('GET /api/my/interests', () => {
  test('lists the referrals the operator showed interest in, names as they may see them', async () => {
    const owner = await referrer()
    const masked = await insertReferral(owner.id, { client_first_name: 'Walter', client_last_name: 'Greene' })
    const unlocked = await insertReferral(owner.id)
    await insertReferral(owner.id) // not interested
    const op = await premiumOperator()
    await op.agent.post(`/api/referrals/${masked.id}/interest`)
    await op.agent.post(`/api/referrals/${unlocked.id}/interest`)
    await unlockAndPay(op.agent, unlocked.id)
    const res = await op.agent.get('/api/my/interests')
    expect(res.status).toBe(200)
    expect(res.json.items).toHaveLength(2)
    const byId = Object.fromEntries(res.json.items.map((i: { referral_id: string }) => [i.referral_id, i]))
    expect(byId[masked.id]).toMatchObject({ status: 'interested', client_name: 'W*** G***', unlocked: false, referral_status: 'pending', payment_status: null })
    expect(byId[unlocked.id]).toMatchObject({ client_first_name: CLIENT_FIRST, client_last_name: CLIENT_LAST, unlocked: true, payment_status: 'held_in_escrow' })
    expect(res.text).not.toContain('Walter')
    expect((await anonymous().get('/api/my/interests')).status).toBe(401)
  })
})

describe('masking helpers', () => {
  test('maskName and ageFrom', () => {
    expect(maskName('josephine')).toBe('J***')
    expect(maskName(' ')).toBe('***')
    expect(ageFrom('2000-06-15', new Date('2026-06-14T12:00:00Z'))).toBe(25)
    expect(ageFrom('2000-06-15', new Date('2026-06-15T12:00:00Z'))).toBe(26)
    expect(ageFrom('not a date', new Date())).toBeNull()
  })
})
