import { describe, expect, test } from 'bun:test'
import { eq, inArray } from 'drizzle-orm'
import { transaction } from '../../db/unit-of-work'
import { jobs, notifications, outbox, properties, referral_matches, referrals } from '../../db/schema'
import { runDueJobs } from '../../jobs/scheduler'
import { clock, MINUTE } from '../../lib/clock'
import { hub, type RealtimeEvent } from '../../realtime/hub'
import { createUser, db, setupTestDb } from '../../test/setup'
import { lookupZip } from '../geo/zip'
import { createReferral } from './create-referral'
import { matchReferral } from './match-referral'
import { createReferralSchema } from './referrals.schemas'
import { eventually } from '../../test/eventually'

setupTestDb()

type Flags = Partial<Record<'pets_allowed' | 'wheelchair_accessible' | 'private_rooms' | 'medical_care_24_7' | 'sex_offender_friendly', boolean>>

/** A home at a real ZIP (coordinates from the offline dataset). */
async function home(operatorId: string, zip: string, opts: { city?: string; fee?: number | null; beds?: number; active?: boolean; name?: string } & Flags = {}) {
  const place = lookupZip(zip)!
  const { city, fee, beds, active, name, ...flags } = opts
  return db
    .insert(properties)
    .values({
      operator_id: operatorId,
      name: name ?? `Home ${zip}`,
      address: '1 Main St',
      city: city ?? place.city,
      state: place.state,
      zip_code: zip,
      total_beds: 6,
      available_beds: beds ?? 1,
      monthly_fee_cents: fee === undefined ? 300000 : fee,
      is_active: active ?? true,
      latitude: place.latitude,
      longitude: place.longitude,
      ...flags,
    })
    .returning()
    .get()
}

const operator = async () => (await createUser({ roles: ['operator'] })).id

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

const matchesOf = async (referralId: string) => db.select().from(referral_matches).where(eq(referral_matches.referral_id, referralId)).all()
const notificationsOf = async (userIds: string[]) => db.select().from(notifications).where(inArray(notifications.user_id, userIds)).all()
const matchMailsOf = async (referralId: string) =>
  (await db.select().from(outbox).where(eq(outbox.referral_id, referralId)).all()).filter((m) => m.type === 'operator_matched')

describe('automatic matching', () => {
  test('picks the best 5 distinct operators; state, budget, requirement, beds and inactive homes are excluded', async () => {
    const [a, b, c, d, e, f] = await Promise.all(Array.from({ length: 6 }, operator))
    const [otherState, tooDear, noPets, noBeds, inactive] = await Promise.all(Array.from({ length: 5 }, operator))
    const aBest = await home(a!, '05401', { fee: 350000, beds: 2, pets_allowed: true }) // Burlington
    await home(a!, '05401', { fee: 300000, beds: 1, pets_allowed: true }) // same operator again: counted once
    await home(b!, '05401', { fee: null, pets_allowed: true })
    await home(c!, '05403', { pets_allowed: true }) // South Burlington
    await home(d!, '05602', { fee: 380000, pets_allowed: true }) // Montpelier
    await home(e!, '05701', { fee: 200000, pets_allowed: true }) // Rutland
    await home(f!, '05301', { fee: 200000, pets_allowed: true }) // Brattleboro: 6th, left out
    await home(otherState!, '03766', { fee: 100000, beds: 5, pets_allowed: true }) // Lebanon NH, just across the river
    await home(tooDear!, '05401', { fee: 450000, beds: 5, pets_allowed: true })
    await home(noPets!, '05401', { fee: 100000, beds: 5, pets_allowed: false })
    await home(noBeds!, '05401', { fee: 100000, beds: 0, pets_allowed: true })
    await home(inactive!, '05401', { fee: 100000, beds: 5, active: false, pets_allowed: true })

    const referrer = await createUser()
    const res = await referrer.agent.post('/api/referrals', {
      ...base,
      preferred_state: 'VT',
      preferred_cities: ['Burlington'],
      client_zip: '05401',
      requires_pet_friendly: true,
    })
    expect(res.status).toBe(201)
    const id = res.json.referral.id

    const matches = await matchesOf(id)
    expect(matches.map((m) => m.operator_id).sort()).toEqual([a, b, c, d, e].sort())
    // Ranked: in the city and near first, the far one last.
    const byScore = [...matches].sort((x, y) => y.score - x.score).map((m) => m.operator_id)
    expect(byScore.slice(0, 2)).toEqual([a!, b!])
    expect(byScore.at(-1)).toBe(e!)
    expect(matches.find((m) => m.operator_id === a)!.property_id).toBe(aBest.id)

    const notes = await notificationsOf([a, b, c, d, e, f, otherState, tooDear, noPets, noBeds, inactive] as string[])
    expect(notes.map((n) => n.user_id).sort()).toEqual([a, b, c, d, e].sort())
    expect(notes[0]).toMatchObject({ type: 'referral_matched', link: '/browse-referrals' })
    const mails = await matchMailsOf(id)
    expect(mails).toHaveLength(5)
    // Masked until unlock: no names or care data in what operators receive.
    for (const text of [...mails.map((m) => m.text_body + m.html_body), ...notes.map((n) => `${n.title} ${n.body}`)]) {
      expect(text).not.toContain('Eleanor')
      expect(text).not.toContain('Price')
    }
    expect(res.json.referral.matched_operators_count).toBe(5)
  })

  test('re-running never notifies twice, and a full referral takes no new operators', async () => {
    const ops = await Promise.all(Array.from({ length: 6 }, operator))
    for (const op of ops.slice(0, 5)) await home(op, '59601') // Helena MT
    const referrer = await createUser()
    const { json } = await referrer.agent.post('/api/referrals', { ...base, preferred_state: 'MT' })
    expect(await matchesOf(json.referral.id)).toHaveLength(5)
    await home(ops[5]!, '59601', { beds: 5, fee: 100000 }) // better than all, but the 5 slots are taken

    const again = await transaction(db, (tx) => matchReferral(tx, json.referral.id))
    expect(again.matched).toEqual([])
    expect(await matchesOf(json.referral.id)).toHaveLength(5)
    expect(await notificationsOf(ops)).toHaveLength(5)
    expect(await matchMailsOf(json.referral.id)).toHaveLength(5)
  })

  test('a re-run fills free slots with new homes and notifies only the newcomers', async () => {
    const first = await operator()
    const second = await operator()
    await home(first, '04330') // Augusta ME
    const referrer = await createUser()
    const { json } = await referrer.agent.post('/api/referrals', { ...base, preferred_state: 'ME' })
    expect((await matchesOf(json.referral.id)).map((m) => m.operator_id)).toEqual([first])
    await home(second, '04330')
    const again = await transaction(db, (tx) => matchReferral(tx, json.referral.id))
    expect(again.matched.map((m) => m.operator_id)).toEqual([second])
    expect(await notificationsOf([first])).toHaveLength(1)
    expect(await notificationsOf([second])).toHaveLength(1)
    expect((await matchMailsOf(json.referral.id)).map((m) => m.to_email)).toHaveLength(2)
  })

  const requirementCases = [
    ['requires_wheelchair_accessible', 'wheelchair_accessible', '03301'], // Concord NH
    ['requires_pet_friendly', 'pets_allowed', '02903'], // Providence RI
    ['requires_private_room', 'private_rooms', '19901'], // Dover DE
    ['requires_medical_care_24_7', 'medical_care_24_7', '06103'], // Hartford CT
    ['requires_sex_offender_friendly', 'sex_offender_friendly', '58501'], // Bismarck ND
  ] as const
  test.each(requirementCases)('%s is a hard filter on %s', async (requirement, flag, zip) => {
    const all: Flags = { pets_allowed: true, wheelchair_accessible: true, private_rooms: true, medical_care_24_7: true, sex_offender_friendly: true }
    const meets = await operator()
    const lacks = await operator()
    await home(meets, zip, { ...all, fee: 390000 })
    await home(lacks, zip, { ...all, [flag]: false, fee: 100000, beds: 5 })
    const referrer = await createUser()
    const { json } = await referrer.agent.post('/api/referrals', { ...base, preferred_state: lookupZip(zip)!.state, [requirement]: true })
    expect((await matchesOf(json.referral.id)).map((m) => m.operator_id)).toEqual([meets])
  })

  test("the submitter's own homes and closed referrals are never matched", async () => {
    const referrer = await createUser({ roles: ['operator'] })
    await home(referrer.id, '82001') // Cheyenne WY
    const { json } = await referrer.agent.post('/api/referrals', { ...base, preferred_state: 'WY' })
    expect(await matchesOf(json.referral.id)).toHaveLength(0)

    const other = await operator()
    await home(other, '82001')
    await db.update(referrals).set({ status: 'cancelled' }).where(eq(referrals.id, json.referral.id)).run()
    expect((await transaction(db, (tx) => matchReferral(tx, json.referral.id))).matched).toEqual([])
    expect(await matchesOf(json.referral.id)).toHaveLength(0)
  })

  test('the scheduler job matches a referral whose immediate run never happened, and tells the operator live', async () => {
    const op = await operator()
    await home(op, '87501') // Santa Fe NM
    // The operator has the app open: their stream hears what is pushed to them (on PostgreSQL, once this instance follows the database's announcements).
    const pushed: RealtimeEvent[] = []
    const close = hub.subscribe(op, (event) => pushed.push(event))
    await hub.listening(db)
    const referrer = await createUser()
    const input = createReferralSchema.parse({ ...base, preferred_state: 'NM' })
    const referral = await createReferral(db, input, { id: referrer.id, email: referrer.email })
    expect(await matchesOf(referral.id)).toHaveLength(0)
    clock.advance(MINUTE + 1)
    await runDueJobs(db)
    clock.reset()
    expect((await matchesOf(referral.id)).map((m) => m.operator_id)).toEqual([op])
    expect((await db.select().from(jobs).where(eq(jobs.key, `referral.match:${referral.id}`)).get())!.status).toBe('done')
    const stored = await notificationsOf([op])
    expect(stored).toHaveLength(1)
    const notification = stored[0]!
    // Pushed once the job's unit of work committed: on SQLite before runDueJobs returns, on PostgreSQL through NOTIFY.
    await eventually('the notification pushed', () => pushed.length > 0)
    close()
    expect(pushed.map((e) => e.data)).toEqual([{ id: notification.id, type: notification.type }])
  })
})
