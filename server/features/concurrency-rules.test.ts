/**
 * Rules that count, or check that something is absent, before they write,
 * sent 20 times at once (ADR 024). On PostgreSQL (READ COMMITTED, a pool of
 * connections) each must hold by a lock on the row that owns it or by a
 * unique index; on SQLite the one writer already takes the units of work one
 * after the other. Each test asserts the outcome only: the answers and what
 * the database holds, never an order or a timing.
 */
import { describe, expect, test } from 'bun:test'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { database } from '../db/client'
import {
  bed_confirmation_links,
  conversations,
  invitations,
  license_proofs,
  notifications,
  outbox,
  profiles,
  properties,
  property_media,
  referral_declines,
  referral_interests,
  referral_matches,
  referral_waitlist,
  referrals,
  reviews,
  shortlist_items,
  tour_schedules,
  user_roles,
  users,
} from '../db/schema'
import { transaction } from '../db/unit-of-work'
import { CLI_ACTOR } from '../lib/audit'
import { clock, DAY } from '../lib/clock'
import { formWith, mp4Bytes, png } from '../test/media-fixtures'
import { createUser, db, setupTestDb, TestAgent } from '../test/setup'
import { demoteAdmin } from './admin/admin-role'
import { insertProperty, insertReferral, reviewTokenFromOutbox } from './admin/test-fixtures'
import { insertReferral as insertMarketplaceReferral, premiumOperator, referrer } from './marketplace/test-fixtures'
import { exchange } from './messaging/test-fixtures'
import { sendBedReminders } from './properties/send-bed-reminders'
import { addProperty } from './properties/property-fixtures'
import { SHORTLIST_FULL, SHORTLIST_MAX } from './properties/shortlist-rules'
import { FREE_PHOTO_MESSAGE } from './properties/upload-property-images'
import { matchReferral } from './referrals/match-referral'

setupTestDb()

const AT_ONCE = 20

/** Runs `send` AT_ONCE times concurrently. */
const atOnce = <T>(send: (i: number) => Promise<T>, times = AT_ONCE) => Promise.all(Array.from({ length: times }, (_, i) => send(i)))

/** How many answers had each status: { 201: 1, 403: 19 }. */
function tally(answers: { status: number }[]) {
  const counts: Record<number, number> = {}
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1
  return counts
}

/** The messages of the refusals (every answer that is not `ok`). */
const refusals = (answers: { status: number; json: any }[], ok: number) => new Set(answers.filter((a) => a.status !== ok).map((a) => a.json?.error?.message))

/** An IP of its own for each test whose route is limited per network. */
let ipCount = 0
const ownIp = () => `198.51.100.${++ipCount}`

const home = {
  name: 'Maple House',
  address: '12 Main Street',
  city: 'Austin',
  state: 'tx',
  zip_code: '78704',
  total_beds: 4,
  available_beds: 2,
}

describe('plan limits', () => {
  test('a free operator creating 20 homes at once gets 1; the other 19 are refused', async () => {
    const free = await createUser()
    const answers = await atOnce(() => free.agent.post('/api/my/properties', home))
    expect(tally(answers)).toEqual({ 201: 1, 403: AT_ONCE - 1 })
    expect(refusals(answers, 201)).toEqual(new Set(['The free plan includes 1 active property. Upgrade to Premium to list more properties.']))
    const active = await db.select().from(properties).where(and(eq(properties.operator_id, free.id), eq(properties.is_active, true))).all()
    expect(active).toHaveLength(1)
  }, 60_000)

  test('a free operator re-activating 20 homes at once gets 1 active', async () => {
    const free = await createUser({ roles: ['operator'] })
    const homes = await atOnce(() => insertProperty(free.id, { is_active: false }))
    const answers = await atOnce((i) => free.agent.patch(`/api/my/properties/${homes[i]!.id}`, { is_active: true }))
    expect(tally(answers)).toEqual({ 200: 1, 403: AT_ONCE - 1 })
    expect(refusals(answers, 200)).toEqual(new Set(['The free plan includes 1 active property. Upgrade to Premium to list more properties.']))
    const active = await db.select().from(properties).where(and(eq(properties.operator_id, free.id), eq(properties.is_active, true))).all()
    expect(active).toHaveLength(1)
  }, 60_000)

  test('a free operator uploading 20 photos to one home at once keeps 1', async () => {
    const free = await createUser({ roles: ['operator'] })
    const property = await insertProperty(free.id)
    const photo = await png()
    const answers = await atOnce((i) => free.agent.upload(`/api/my/properties/${property.id}/images`, formWith([{ bytes: photo, filename: `p${i}.png` }])))
    expect(tally(answers)).toEqual({ 201: 1, 403: AT_ONCE - 1 })
    expect(refusals(answers, 201)).toEqual(new Set([FREE_PHOTO_MESSAGE]))
    expect(await db.select().from(property_media).where(eq(property_media.property_id, property.id)).all()).toHaveLength(1)
  }, 60_000)

  test('a premium operator uploading 20 videos to one home at once keeps 3', async () => {
    const premium = await createUser({ roles: ['operator'], plan: 'premium' })
    const property = await insertProperty(premium.id)
    const answers = await atOnce((i) => premium.agent.upload(`/api/my/properties/${property.id}/videos`, formWith([{ bytes: mp4Bytes(), filename: `v${i}.mp4` }])))
    expect(tally(answers)).toEqual({ 201: 3, 422: AT_ONCE - 3 })
    expect(refusals(answers, 201)).toEqual(new Set(['Maximum 3 videos per property']))
    expect(await db.select().from(property_media).where(eq(property_media.property_id, property.id)).all()).toHaveLength(3)
  }, 60_000)
})

describe('shortlist', () => {
  test(`saving 20 different homes at once keeps ${SHORTLIST_MAX}; the others are refused`, async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    // In Wyoming: no referral of the other tests (Texas) is matched to these homes.
    const homes = await atOnce(() => addProperty(op.id, { state: 'WY', city: 'Cheyenne', zip_code: '82001', latitude: 41.1437, longitude: -104.7962 }))
    const saver = await createUser({ roles: ['referrer'] })
    const answers = await atOnce((i) => saver.agent.request('PUT', `/api/my/shortlist/${homes[i]!.id}`))
    expect(tally(answers)).toEqual({ 200: SHORTLIST_MAX, 409: AT_ONCE - SHORTLIST_MAX })
    expect(refusals(answers, 200)).toEqual(new Set([SHORTLIST_FULL]))
    expect(await db.select().from(shortlist_items).where(eq(shortlist_items.user_id, saver.id)).all()).toHaveLength(SHORTLIST_MAX)
  }, 60_000)
})

describe('reviews', () => {
  const form = {
    reviewer_name: 'Dana Whitfield',
    reviewer_email: 'dana@example.com',
    rating: 5,
    communication_rating: 4,
    professionalism_rating: 5,
    facility_quality_rating: 3,
    overall_experience_rating: 5,
    review_text: 'Kind staff and a calm home; my client settled in quickly.',
  }

  /** A referral the admin placed at a home: its review link is in the outbox. */
  async function placedReferral() {
    const admin = await createUser({ roles: ['admin'] })
    const operator = await createUser({ roles: ['operator'] })
    const property = await insertProperty(operator.id)
    const referral = await insertReferral()
    expect((await admin.agent.patch(`/api/admin/referrals/${referral.id}`, { status: 'placed', matched_property_id: property.id })).status).toBe(200)
    return { admin, referral, token: (await reviewTokenFromOutbox(referral.id)).token }
  }

  test('one review link sent 20 times at once posts 1 review', async () => {
    const { referral, token } = await placedReferral()
    const visitor = new TestAgent(undefined, ownIp())
    const answers = await atOnce(() => visitor.post('/api/reviews', { ...form, token, referral_id: referral.id }))
    expect(tally(answers)).toEqual({ 201: 1, 409: AT_ONCE - 1 })
    expect(await db.select().from(reviews).where(eq(reviews.referral_id, referral.id)).all()).toHaveLength(1)
  }, 60_000)

  test('two review links of one referral, 10 times each at once, post 1 review', async () => {
    const { admin, referral, token: first } = await placedReferral()
    expect((await admin.agent.post(`/api/admin/referrals/${referral.id}/review-request`)).status).toBe(200)
    const second = (await reviewTokenFromOutbox(referral.id)).token
    expect(second).not.toBe(first)
    const visitor = new TestAgent(undefined, ownIp())
    const answers = await atOnce((i) => visitor.post('/api/reviews', { ...form, token: i % 2 ? first : second, referral_id: referral.id }))
    expect(tally(answers)).toEqual({ 201: 1, 409: AT_ONCE - 1 })
    const codes = new Set(answers.filter((a) => a.status === 409).map((a) => a.json.error.code))
    for (const code of codes) expect(['review_link_used', 'already_reviewed']).toContain(code)
    expect(await db.select().from(reviews).where(eq(reviews.referral_id, referral.id)).all()).toHaveLength(1)
  }, 60_000)
})

describe('marketplace', () => {
  test('one operator expressing interest 20 times at once counts once', async () => {
    const r = await insertMarketplaceReferral((await referrer()).id)
    const op = await premiumOperator()
    const answers = await atOnce(() => op.agent.post(`/api/referrals/${r.id}/interest`))
    expect(tally(answers)).toEqual({ 200: AT_ONCE })
    expect(answers.filter((a) => a.json.created)).toHaveLength(1)
    expect(await db.select().from(referral_interests).where(eq(referral_interests.referral_id, r.id)).all()).toHaveLength(1)
    expect(await db.select().from(conversations).where(eq(conversations.referral_id, r.id)).all()).toHaveLength(1)
    expect((await db.select().from(referrals).where(eq(referrals.id, r.id)).get())!.interested_operators_count).toBe(1)
  }, 60_000)

  test('one operator joining a waitlist 20 times at once holds 1 place', async () => {
    const r = await insertMarketplaceReferral((await referrer()).id)
    const holder = await premiumOperator()
    expect((await holder.agent.post(`/api/referrals/${r.id}/unlock`)).status).toBe(201)
    const op = await premiumOperator()
    const answers = await atOnce(() => op.agent.post(`/api/referrals/${r.id}/waitlist`))
    expect(tally(answers)).toEqual({ 200: AT_ONCE })
    const entries = await db
      .select()
      .from(referral_waitlist)
      .where(and(eq(referral_waitlist.referral_id, r.id), inArray(referral_waitlist.status, ['waiting', 'notified'])))
      .all()
    expect(entries.map((e) => [e.operator_id, e.position])).toEqual([[op.id, 1]])
  }, 60_000)

  test('a matched home answering "Not a fit" 20 times at once is recorded once', async () => {
    const r = await insertMarketplaceReferral((await referrer()).id)
    const op = await createUser({ roles: ['operator'] })
    await db.insert(referral_matches).values({ referral_id: r.id, operator_id: op.id, score: 1 }).run()
    const answers = await atOnce(() => op.agent.post(`/api/referrals/${r.id}/decline`, { reason: 'no_bed' }))
    expect(tally(answers)).toEqual({ 200: 1, 409: AT_ONCE - 1 })
    expect(await db.select().from(referral_declines).where(eq(referral_declines.referral_id, r.id)).all()).toHaveLength(1)
  }, 60_000)

  test('20 matching runs of one referral at once fill its 5 slots once', async () => {
    const operators = await atOnce(() => createUser({ roles: ['operator'] }), 7)
    for (const op of operators) await addProperty(op.id)
    const referral = await insertReferral({ status: 'pending' })
    const runs = await atOnce(() => transaction(database(), (tx) => matchReferral(tx, referral.id)))
    expect(runs.reduce((n, run) => n + run.matched.length, 0)).toBe(5)
    const matches = await db.select().from(referral_matches).where(eq(referral_matches.referral_id, referral.id)).all()
    expect(matches).toHaveLength(5)
    const told = await db.select().from(notifications).where(and(eq(notifications.type, 'referral_matched'), inArray(notifications.user_id, matches.map((m) => m.operator_id)))).all()
    expect(told).toHaveLength(5)
  }, 60_000)
})

describe('invitations, tours, messages', () => {
  test('a referrer inviting one operator 20 times at once sends 1 invitation', async () => {
    const owner = await createUser({ roles: ['referrer'] })
    const operator = await createUser({ roles: ['operator'], plan: 'premium' })
    const r = await insertMarketplaceReferral(owner.id)
    const answers = await atOnce(() => owner.agent.post('/api/invitations', { referral_id: r.id, operator_id: operator.id }))
    expect(tally(answers)).toEqual({ 201: 1, 200: AT_ONCE - 1 })
    expect(await db.select().from(invitations).where(eq(invitations.referral_id, r.id)).all()).toHaveLength(1)
    expect(await db.select().from(outbox).where(and(eq(outbox.to_email, operator.email), eq(outbox.type, 'operator_invited'))).all()).toHaveLength(1)
  }, 60_000)

  test('25 tour requests from one network at once: the 20 of the hour are stored, 5 refused', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const property = await addProperty(op.id)
    const visitor = new TestAgent(undefined, ownIp())
    const day = new Date(clock.ms() + 3 * DAY).toISOString().slice(0, 10)
    const request = { property_id: property.id, visitor_name: 'Jordan Lee', visitor_email: 'jordan@example.com', visitor_phone: '(555) 010-3000', scheduled_date: day, scheduled_time: '10:30' }
    const answers = await atOnce(() => visitor.post('/api/tours', request), 25)
    expect(tally(answers)).toEqual({ 201: 20, 429: 5 })
    expect(await db.select().from(tour_schedules).where(eq(tour_schedules.property_id, property.id)).all()).toHaveLength(20)
  }, 60_000)

  test('20 messages at once leave the recipient 1 unread "new message" notification', async () => {
    const { referrer: sender, operator, conversation } = await exchange()
    const answers = await atOnce((i) => sender.agent.post(`/api/conversations/${conversation.id}/messages`, { message_text: `Hello ${i}` }))
    expect(tally(answers)).toEqual({ 201: AT_ONCE })
    const unread = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, operator.id), eq(notifications.type, 'message'), isNull(notifications.read_at)))
      .all()
    expect(unread).toHaveLength(1)
  }, 60_000)
})

describe('accounts and profiles', () => {
  test('20 sign-ups with one e-mail at once make 1 account; the others are told it is taken', async () => {
    const email = `same-${crypto.randomUUID().slice(0, 8)}@example.com`
    const form = { email, password: 'correct-horse', first_name: 'Nia', last_name: 'Owens', phone: '(555) 123-4567', plan: 'free' }
    const answers = await atOnce(() => new TestAgent(undefined, ownIp()).post('/api/auth/sign-up', form))
    const { 201: created, 409: taken = 0, 503: busy = 0, ...other } = tally(answers)
    expect(created).toBe(1)
    // A busy machine's password-hash queue may answer 503 (retry later) before the rule is reached.
    expect(other).toEqual({})
    expect(taken + busy).toBe(AT_ONCE - 1)
    for (const a of answers.filter((a) => a.status === 409)) expect(a.json.error.code).toBe('email_taken')
    expect(await db.select().from(users).where(eq(users.email, email)).all()).toHaveLength(1)
  }, 60_000)

  test('20 operators claiming one username at once: 1 gets it', async () => {
    const username = `taken-${crypto.randomUUID().slice(0, 8)}`
    const operators = await atOnce(() => createUser({ roles: ['operator'] }))
    const answers = await atOnce((i) => operators[i]!.agent.patch('/api/my/profile', { username }))
    expect(tally(answers)).toEqual({ 200: 1, 409: AT_ONCE - 1 })
    expect(refusals(answers, 200)).toEqual(new Set(['This username is already taken']))
    expect(await db.select().from(profiles).where(eq(profiles.username, username)).all()).toHaveLength(1)
  }, 60_000)

  test('20 license proofs uploaded at once leave 1 waiting for review', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium', licensing_type: 'licensed' })
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')
    const answers = await atOnce(() => op.agent.upload('/api/my/license-proofs', formWith([{ name: 'file', bytes: pdf, filename: 'license.pdf' }])))
    expect(tally(answers)).toEqual({ 201: AT_ONCE })
    const pending = await db.select().from(license_proofs).where(and(eq(license_proofs.operator_id, op.id), eq(license_proofs.status, 'pending'))).all()
    expect(pending).toHaveLength(1)
  }, 60_000)

  test('demoting every admin at once leaves exactly 1', async () => {
    await atOnce(() => createUser({ roles: ['admin'] }))
    const admins = await db.select({ email: users.email }).from(users).innerJoin(user_roles, and(eq(user_roles.user_id, users.id), eq(user_roles.role, 'admin'))).all()
    const outcomes = await Promise.all(admins.map((a) => demoteAdmin(database(), { email: a.email, actor: CLI_ACTOR }).then(() => 'demoted', (e) => e.code as string)))
    expect(tally(outcomes.map((status) => ({ status: status === 'demoted' ? 200 : 409 })))).toEqual({ 200: admins.length - 1, 409: 1 })
    expect(outcomes.filter((o) => o !== 'demoted')).toEqual(['last_admin'])
    expect(await db.select().from(user_roles).where(eq(user_roles.role, 'admin')).all()).toHaveLength(1)
  }, 60_000)
})

describe('periodic tasks', () => {
  test('20 runs of the weekly bed reminder at once send each home 1 link, and its operator 1 e-mail', async () => {
    const op = await createUser({ roles: ['operator'] })
    const homes = await atOnce(() => insertProperty(op.id), 3)
    await atOnce(() => sendBedReminders(database()))
    const links = await db
      .select({ property_id: bed_confirmation_links.property_id, n: sql<number>`count(*)` })
      .from(bed_confirmation_links)
      .groupBy(bed_confirmation_links.property_id)
      .all()
    expect(links.filter((l) => Number(l.n) !== 1)).toEqual([])
    expect(links.filter((l) => homes.some((h) => h.id === l.property_id))).toHaveLength(3)
    const mails = await db.select().from(outbox).where(eq(outbox.type, 'beds_confirmation')).all()
    expect(mails.filter((m) => m.to_email === op.email)).toHaveLength(1)
  }, 60_000)
})
