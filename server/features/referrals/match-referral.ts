import { and, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm'
import type { DB, Tx } from '../../db/client'
import { profiles, properties, referral_declines, referral_matches, referrals, users } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { env } from '../../env'
import { clock, DAY } from '../../lib/clock'
import { cancelJob } from '../../jobs/scheduler'
import { log } from '../../lib/logger'
import { enqueueEmail } from '../../mail/outbox'
import { clientInitials, templates } from '../../mail/templates'
import { referralFactsOf, referralState } from './referral-state'
import { distanceMiles, US_STATES, zipsOfCity } from '../geo'
import { notify } from '../notifications'
import { forUpdate, jsonArrayHasSql } from '../../db/dialect'
import { touchTask } from './task-hook'
import { recipientLocale } from '../../mail/recipient'

/** The top 5 operators are notified per referral. */
export const MATCH_LIMIT = 5
export const MATCH_JOB = 'referral.match'
export const matchJobKey = (referralId: string) => `referral.match:${referralId}`

/** The home's JSON list `column` contains `value`. */
const declares = (column: typeof properties.care_levels | typeof properties.funding_accepted, value: string) =>
  jsonArrayHasSql(column, value)

/** Distance points fall to zero at this many miles from the client's location. */
const DISTANCE_SCALE_MILES = 100

type Point = { latitude: number; longitude: number }

const miles = (a: Point, b: Point) => distanceMiles(a.latitude, a.longitude, b.latitude, b.longitude)

/** Centre of a city: the mean of its ZIP centroids (offline dataset). */
function locateCity(city: string, state: string): Point | null {
  const hits = zipsOfCity(city, state)
  if (hits.length === 0) return null
  return {
    latitude: hits.reduce((s, z) => s + z.latitude, 0) / hits.length,
    longitude: hits.reduce((s, z) => s + z.longitude, 0) / hits.length,
  }
}

/**
 * Where the client wants to live: the first preferred city that can be
 * located in the preferred state. Matching reads only fields that stay clear
 * at rest (state, cities, budget, requirement flags), never the client's
 * address or ZIP, which are encrypted care data.
 */
function clientLocation(r: { preferred_state: string; preferred_cities: string[] }): Point | null {
  for (const city of r.preferred_cities) {
    const point = locateCity(city, r.preferred_state)
    if (point) return point
  }
  return null
}

export type Candidate = {
  property_id: string
  property_name: string
  operator_id: string
  city: string
  latitude: number | null
  longitude: number | null
  monthly_fee_cents: number | null
  available_beds: number
  beds_confirmed_at: Date | null
  created_at: Date
}

/**
 * A candidate's score (higher is better). Hard requirements are filtered in
 * the query; this ranks what is left:
 * - 40 for a home in one of the preferred cities (or the client's city),
 * - up to 40 for distance (full at the client's location, none beyond 100 miles),
 * - 15 when the fee is known and within the budget, 5 when the fee is unknown,
 * - 1 per free bed up to 5 (more room, better odds of a placement).
 */
export function scoreCandidate(
  c: Candidate,
  ctx: { cities: Set<string>; origin: Point | null; budgetMaxCents: number | null },
) {
  let score = 0
  if (ctx.cities.has(c.city.trim().toLowerCase())) score += 40
  const distance =
    ctx.origin && c.latitude != null && c.longitude != null
      ? miles(ctx.origin, { latitude: c.latitude, longitude: c.longitude })
      : null
  if (distance != null) score += 40 * Math.max(0, 1 - distance / DISTANCE_SCALE_MILES)
  if (c.monthly_fee_cents == null) score += 5
  else if (ctx.budgetMaxCents == null || c.monthly_fee_cents <= ctx.budgetMaxCents) score += 15
  score += Math.min(c.available_beds, 5)
  return { score: Math.round(score * 100) / 100, distance }
}

/**
 * Automatic matching of one referral. Candidates are active homes
 * with free beds in the preferred state whose fee fits the budget, that
 * meet every checked requirement and that declare the referral's level of
 * care and funding source when it names them. Each operator counts once (their best
 * home); the best operators fill the referral's 5 slots. Slots already taken
 * by an earlier run are kept (a declined one is freed for the next home), and only newly matched operators are notified
 * (in-app and e-mail), so re-running never notifies anyone twice.
 *
 * Returns the new matches; their notifications go live when the caller's
 * unit of work commits.
 */
export async function matchReferral(tx: Tx, referralId: string, opts: { announce?: boolean } = {}) {
  const [referral] = await forUpdate(tx.select().from(referrals).where(eq(referrals.id, referralId)).limit(1))
  // Only referrals still open to operators are matched (a cancelled one is not).
  if (referral?.status !== 'pending') return { matched: [] }
  const result = await matchOpen(tx, referral)
  if (opts.announce) await announceSubmission(tx, referral)
  return result
}

/**
 * The 'referral_submitted' e-mail, once, from the submission's first matching
 * run: to the account's address, not the typed one (the form must not become a
 * way to send our e-mail to arbitrary people); initials only, and the
 * referral's state as its card words it (ADR 034).
 */
async function announceSubmission(tx: Tx, referral: typeof referrals.$inferSelect) {
  if (!referral.referrer_user_id) return
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, referral.referrer_user_id)).limit(1)
  if (!owner) return
  const facts = (await referralFactsOf(tx, [referral], null)).get(referral.id)!
  const state = referralState(facts)
  await enqueueEmail(tx, {
    to: owner.email,
    referral_id: referral.id,
    ...templates.referralSubmitted({
      referrer_name: referral.referrer_name,
      referral_id: referral.id,
      client_initials: clientInitials(referral.client_first_name, referral.client_last_name),
      state_sentence: state.sentence,
      homes_told: facts.matched + facts.invited > 0,
    }, await recipientLocale(tx, referral.referrer_user_id)),
  })
}

async function matchOpen(tx: Tx, referral: typeof referrals.$inferSelect) {
  const referralId = referral.id

  const existing = await forUpdate(
    tx.select({ operator_id: referral_matches.operator_id }).from(referral_matches).where(eq(referral_matches.referral_id, referralId)),
  )
  // A home that answered "Not a fit" frees its slot for the next fitting home
  //, and is never matched to this referral again.
  const declines = await forUpdate(
    tx.select({ operator_id: referral_declines.operator_id }).from(referral_declines).where(eq(referral_declines.referral_id, referralId)),
  )
  const declined = new Set(declines.map((d) => d.operator_id))
  const free = MATCH_LIMIT - existing.filter((m) => !declined.has(m.operator_id)).length
  if (free <= 0) return { matched: [] }
  const alreadyMatched = new Set([...existing.map((m) => m.operator_id), ...declined])

  const conditions: SQL[] = [
    eq(properties.is_active, true),
    gt(properties.available_beds, 0),
    eq(properties.state, referral.preferred_state),
    isNull(users.deleted_at),
  ]
  if (referral.budget_max_cents != null) {
    conditions.push(or(isNull(properties.monthly_fee_cents), lte(properties.monthly_fee_cents, referral.budget_max_cents))!)
  }
  if (referral.requires_wheelchair_accessible) conditions.push(eq(properties.wheelchair_accessible, true))
  if (referral.requires_pet_friendly) conditions.push(eq(properties.pets_allowed, true))
  if (referral.requires_private_room) conditions.push(eq(properties.private_rooms, true))
  if (referral.requires_medical_care_24_7) conditions.push(eq(properties.medical_care_24_7, true))
  if (referral.requires_sex_offender_friendly) conditions.push(eq(properties.sex_offender_friendly, true))
  // Care extras: hard filters against what each home declares. A home
  // that declared no level of care (or no funding) is not matched to a referral
  // that names one: nobody has said it can give that care or take that payment.
  if (referral.level_of_care) conditions.push(declares(properties.care_levels, referral.level_of_care))
  if (referral.funding_source) conditions.push(declares(properties.funding_accepted, referral.funding_source))

  const candidates: Candidate[] = await tx
    .select({
      property_id: properties.id,
      property_name: properties.name,
      operator_id: properties.operator_id,
      city: properties.city,
      latitude: properties.latitude,
      longitude: properties.longitude,
      monthly_fee_cents: properties.monthly_fee_cents,
      available_beds: properties.available_beds,
      beds_confirmed_at: properties.beds_confirmed_at,
      created_at: properties.created_at,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.operator_id))
    .where(and(...conditions))

  const ctx = {
    cities: new Set(referral.preferred_cities.map((c) => c.trim().toLowerCase())),
    origin: clientLocation(referral),
    budgetMaxCents: referral.budget_max_cents,
  }
  // Among equally fitting homes, those that confirmed their beds recently come
  // first: their count is the one most likely to be true.
  const freshSince = clock.ms() - env.BEDS_FRESH_DAYS * DAY
  const stale = (c: Candidate) => ((c.beds_confirmed_at?.getTime() ?? 0) > freshSince ? 0 : 1)
  const ranked = candidates
    // The submitter never matches their own homes.
    .filter((c) => c.operator_id !== referral.referrer_user_id && !alreadyMatched.has(c.operator_id))
    .map((c) => ({ ...c, ...scoreCandidate(c, ctx) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        stale(a) - stale(b) ||
        (a.distance ?? Infinity) - (b.distance ?? Infinity) ||
        a.created_at.getTime() - b.created_at.getTime() ||
        a.property_id.localeCompare(b.property_id),
    )

  const best = new Map<string, (typeof ranked)[number]>()
  for (const c of ranked) {
    if (best.size >= free) break
    if (!best.has(c.operator_id)) best.set(c.operator_id, c)
  }

  const where = [referral.preferred_cities[0], US_STATES[referral.preferred_state] ?? referral.preferred_state].filter(Boolean).join(', ')
  const matched: Array<{ operator_id: string; property_id: string; score: number }> = []
  for (const c of best.values()) {
    const inserted = await tx
      .insert(referral_matches)
      .values({ referral_id: referralId, operator_id: c.operator_id, property_id: c.property_id, score: c.score })
      .onConflictDoNothing()
      .returning({ id: referral_matches.id })
    // A concurrent run already matched this operator: it notified them.
    if (inserted.length === 0) continue
    matched.push({ operator_id: c.operator_id, property_id: c.property_id, score: c.score })
    await notify(tx, c.operator_id, {
      type: 'referral_matched',
      title: 'New referral match',
      body: `A new referral for a client looking in ${where} matches ${c.property_name}.`,
      link: '/browse-referrals',
    })
    const [operator] = await tx
      .select({ email: users.email, first_name: profiles.first_name })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, c.operator_id))
      .limit(1)
    // Where, and the age at most: the client's details stay masked until unlock.
    await enqueueEmail(tx, {
      to: operator.email,
      referral_id: referralId,
      ...templates.operatorMatched({
        operator_name: operator.first_name ?? '',
        referral_id: referralId,
        preferred_state: US_STATES[referral.preferred_state] ?? referral.preferred_state,
        preferred_cities: referral.preferred_cities,
        client_age: referral.client_age,
      }, await recipientLocale(tx, c.operator_id)),
    })
  }
  if (matched.length > 0) await touchTask(tx, referralId)
  return { matched }
}

/**
 * Matches a just-submitted referral now, in its own transaction (a failure
 * never undoes the submission: it takes the root `DB`, never a caller's `tx`),
 * and cancels the fallback job that createReferral scheduled. If this fails,
 * that job retries later.
 */
export async function matchReferralNow(db: DB, referralId: string) {
  try {
    return await transaction(db, async (tx) => {
      const r = await matchReferral(tx, referralId, { announce: true })
      await cancelJob(tx, matchJobKey(referralId))
      return r.matched
    })
  } catch (error) {
    log.error('automatic matching failed; the scheduler will retry', { referral_id: referralId, error: String(error) })
    return []
  }
}
