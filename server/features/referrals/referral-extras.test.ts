import { describe, expect, test } from 'bun:test'
import { count, eq, sql } from 'drizzle-orm'
import { rows } from '../../db/raw'
import { properties, referral_matches, referrals } from '../../db/schema'
import { clock } from '../../lib/clock'
import { createUser, db, setupTestDb } from '../../test/setup'
import { lookupZip } from '../geo/zip'
import { insertReferral, premiumOperator } from '../marketplace/test-fixtures'
import { matchReferralNow } from './match-referral'

/** Referral extras: level of care, funding source, timeline and the urgent flag. */
setupTestDb()

const base = {
  referrer_name: 'Dana Whitfield',
  referrer_relationship: 'case-manager',
  referrer_email: 'dana@example.com',
  referrer_phone: '(555) 010-0100',
  client_first_name: 'Eleanor',
  client_last_name: 'Price',
  client_dob: '1948-03-14',
  client_gender: 'female',
  budget_range: '$3,000-$4,000',
}

type Declared = Partial<Pick<typeof properties.$inferInsert, 'care_levels' | 'funding_accepted'>>

/** A home at a real ZIP declaring `declared` (nothing by default). */
async function home(operatorId: string, zip: string, declared: Declared = {}) {
  const place = lookupZip(zip)!
  return db
    .insert(properties)
    .values({
      operator_id: operatorId,
      name: `Home ${zip} ${crypto.randomUUID().slice(0, 4)}`,
      address: '1 Main St',
      city: place.city,
      state: place.state,
      zip_code: zip,
      total_beds: 6,
      available_beds: 2,
      monthly_fee_cents: 300000,
      latitude: place.latitude,
      longitude: place.longitude,
      ...declared,
    })
    .returning()
    .get()
}

const operator = async () => (await createUser({ roles: ['operator'] })).id
const matchedOperators = async (referralId: string) =>
  (await db
    .select({ operator_id: referral_matches.operator_id })
    .from(referral_matches)
    .where(eq(referral_matches.referral_id, referralId))
    .all())
    .map((m) => m.operator_id)
    .sort()
const referralCount = async () => (await db.select({ n: count() }).from(referrals).get())!.n

describe('referral extras on the form', () => {
  test('are stored and shown to the referrer (dashboard list and the referral itself)', async () => {
    const referrer = await createUser()
    const res = await referrer.agent.post('/api/referrals', {
      ...base,
      preferred_state: 'OR',
      level_of_care: 'assisted',
      funding_source: 'medicaid_waiver',
      timeline: 'within_2_weeks',
      is_urgent: true,
    })
    expect(res.status).toBe(201)
    const extras = { level_of_care: 'assisted', funding_source: 'medicaid_waiver', timeline: 'within_2_weeks', is_urgent: true }
    expect(res.json.referral).toMatchObject(extras)
    const mine = await referrer.agent.get('/api/referrals/mine')
    expect(mine.json.items.find((r: { id: string }) => r.id === res.json.referral.id)).toMatchObject(extras)
    const one = await referrer.agent.get(`/api/referrals/${res.json.referral.id}`)
    expect(one.json.referral).toMatchObject(extras)
  })

  test('left blank they are "not specified" (null) and the referral is not urgent', async () => {
    const referrer = await createUser()
    const res = await referrer.agent.post('/api/referrals', { ...base, preferred_state: 'OR', level_of_care: '', funding_source: '', timeline: '' })
    expect(res.status).toBe(201)
    expect(res.json.referral).toMatchObject({ level_of_care: null, funding_source: null, timeline: null, is_urgent: false })
  })

  test.each([
    ['level_of_care', 'hospital', 'Please choose a level of care from the list'],
    ['level_of_care', 'Assisted', 'Please choose a level of care from the list'],
    ['funding_source', 'cash', 'Please choose a funding source from the list'],
    ['funding_source', ['medicare'], 'Please choose a funding source from the list'],
    ['timeline', 'someday', 'Please choose a timeline from the list'],
    ['is_urgent', 'very', 'Urgent must be checked or unchecked'],
  ])('%s = %p is refused with 422 "%s" and nothing is written', async (field, value, message) => {
    const referrer = await createUser()
    const before = await referralCount()
    const res = await referrer.agent.post('/api/referrals', { ...base, preferred_state: 'OR', [field]: value })
    expect(res.status).toBe(422)
    expect(res.json.error.message).toBe(message)
    expect(res.json.error.fields[field]).toBe(message)
    expect(await referralCount()).toBe(before)
  })

  test('the database refuses an unknown level of care, funding source or timeline too (CHECK)', async () => {
    for (const column of ['level_of_care', 'funding_source', 'timeline']) {
      const row = await insertReferral(null, { preferred_state: 'OR' })
      await expect(rows(db, sql`UPDATE referrals SET ${sql.identifier(column)} = 'nonsense' WHERE id = ${row.id}`)).rejects.toThrow(/CHECK constraint failed/)
    }
  })
})

describe('the operator\'s masked card', () => {
  test('carries the extras in clear before unlocking, while the client stays masked', async () => {
    const op = await premiumOperator()
    const row = await insertReferral(null, { preferred_state: 'OR', level_of_care: 'skilled', funding_source: 'va', timeline: 'immediately', is_urgent: true })
    const list = await op.agent.get('/api/marketplace/referrals?per_page=100')
    expect(list.status).toBe(200)
    const card = list.json.items.find((i: { id: string }) => i.id === row.id)
    expect(card).toMatchObject({ unlocked: false, client_name: 'J*** D***', level_of_care: 'skilled', funding_source: 'va', timeline: 'immediately', is_urgent: true })
    const one = await op.agent.get(`/api/marketplace/referrals/${row.id}`)
    expect(one.json.referral).toMatchObject({ unlocked: false, level_of_care: 'skilled', funding_source: 'va', timeline: 'immediately', is_urgent: true })
    expect(JSON.stringify(one.json)).not.toContain('Josephine')
  })
})

describe('/browse-referrals ranks urgent referrals first', () => {
  test('urgent ones first, each group newest first, across pages', async () => {
    const op = await premiumOperator()
    const at = (minutesAgo: number) => new Date(clock.ms() - minutesAgo * 60_000)
    const oldUrgent = await insertReferral(null, { is_urgent: true, created_at: at(600) })
    const newest = await insertReferral(null, { created_at: at(1) })
    const newUrgent = await insertReferral(null, { is_urgent: true, created_at: at(300) })
    const older = await insertReferral(null, { created_at: at(200) })
    const mine = new Set([oldUrgent.id, newest.id, newUrgent.id, older.id])
    const ids: string[] = []
    // Two per page: the order holds across page boundaries (the server sorts, not the page).
    for (let page = 1; page < 50; page++) {
      const res = await op.agent.get(`/api/marketplace/referrals?per_page=2&page=${page}`)
      expect(res.status).toBe(200)
      ids.push(...res.json.items.map((i: { id: string }) => i.id))
      if (!res.json.has_more) break
    }
    expect(ids.filter((id) => mine.has(id))).toEqual([newUrgent.id, oldUrgent.id, newest.id, older.id])
    // Every urgent referral of the whole list comes before every other one.
    const urgent = new Set((await db.select({ id: referrals.id }).from(referrals).where(eq(referrals.is_urgent, true)).all()).map((r) => r.id))
    const firstOther = ids.findIndex((id) => !urgent.has(id))
    expect(ids.slice(firstOther).some((id) => urgent.has(id))).toBe(false)
  })
})

describe('matching uses level of care and funding source as hard filters', () => {
  test('level of care: only homes that declare it; a home that declares nothing is left out', async () => {
    const [assisted, independentOnly, undeclared, assistedAndSkilled] = await Promise.all(Array.from({ length: 4 }, operator))
    await home(assisted!, '05401', { care_levels: ['assisted'] }) // Burlington VT
    await home(independentOnly!, '05401', { care_levels: ['independent'] })
    await home(undeclared!, '05401')
    await home(assistedAndSkilled!, '05602', { care_levels: ['assisted', 'skilled'] })
    const referrer = await createUser()
    const res = await referrer.agent.post('/api/referrals', { ...base, preferred_state: 'VT', preferred_cities: ['Burlington'], level_of_care: 'assisted' })
    expect(res.status).toBe(201)
    expect(await matchedOperators(res.json.referral.id)).toEqual([assisted!, assistedAndSkilled!].sort())
  })

  test('funding source: only homes that accept it', async () => {
    const [medicaid, privateOnly, undeclared, several] = await Promise.all(Array.from({ length: 4 }, operator))
    await home(medicaid!, '04330', { funding_accepted: ['medicaid_waiver'] }) // Augusta ME
    await home(privateOnly!, '04330', { funding_accepted: ['private_pay'] })
    await home(undeclared!, '04330')
    await home(several!, '04101', { funding_accepted: ['private_pay', 'medicaid_waiver', 'va'] })
    const referrer = await createUser()
    const res = await referrer.agent.post('/api/referrals', { ...base, preferred_state: 'ME', funding_source: 'medicaid_waiver' })
    expect(res.status).toBe(201)
    expect(await matchedOperators(res.json.referral.id)).toEqual([medicaid!, several!].sort())
  })

  test('both at once must hold; a referral naming neither is matched as before, whatever the homes declare', async () => {
    const [both, careOnly, fundingOnly, undeclared] = await Promise.all(Array.from({ length: 4 }, operator))
    await home(both!, '03301', { care_levels: ['supervised'], funding_accepted: ['ssi_ssdi'] }) // Concord NH
    await home(careOnly!, '03301', { care_levels: ['supervised'], funding_accepted: ['private_pay'] })
    await home(fundingOnly!, '03301', { care_levels: ['skilled'], funding_accepted: ['ssi_ssdi'] })
    await home(undeclared!, '03301')
    const referrer = await createUser()
    const strict = await referrer.agent.post('/api/referrals', { ...base, preferred_state: 'NH', level_of_care: 'supervised', funding_source: 'ssi_ssdi' })
    expect(await matchedOperators(strict.json.referral.id)).toEqual([both!])
    const open = await referrer.agent.post('/api/referrals', { ...base, preferred_state: 'NH' })
    expect(await matchedOperators(open.json.referral.id)).toEqual([both!, careOnly!, fundingOnly!, undeclared!].sort())
  })

  test('a home that starts declaring the funding is matched on the next run', async () => {
    const op = await operator()
    const h = await home(op, '59601', { funding_accepted: ['private_pay'] }) // Helena MT
    const referrer = await createUser()
    const res = await referrer.agent.post('/api/referrals', { ...base, preferred_state: 'MT', funding_source: 'va' })
    expect(await matchedOperators(res.json.referral.id)).toEqual([])
    await db.update(properties).set({ funding_accepted: ['private_pay', 'va'] }).where(eq(properties.id, h.id)).run()
    // The next run (a re-match, or the scheduler's fallback job) takes the home in.
    await matchReferralNow(db, res.json.referral.id)
    expect(await matchedOperators(res.json.referral.id)).toEqual([op])
  })
})
