import { count, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import type { VISIBILITY_LEVELS } from '../../db/enums'
import { referral_matches, referrals } from '../../db/schema'

type ReferralRow = typeof referrals.$inferSelect
/** The column holds one of VISIBILITY_LEVELS (a plain text column). */
const visibilityOf = (r: ReferralRow) => r.visibility_level as (typeof VISIBILITY_LEVELS)[number]

/**
 * The shapes in which referrals leave the server. Only the owner and admins
 * (and operators with unmasked access) ever receive them: both carry the
 * client's name. Masked views belong to the marketplace.
 */

/** One line of the owner's list (dashboard, invite dialog): no care data beyond what the list shows. */
export function referralSummary(r: ReferralRow, matchedOperators: number) {
  return {
    id: r.id,
    status: r.status,
    client_first_name: r.client_first_name,
    client_last_name: r.client_last_name,
    client_age: r.client_age,
    client_gender: r.client_gender,
    preferred_state: r.preferred_state,
    preferred_cities: r.preferred_cities,
    budget_range: r.budget_range,
    requires_wheelchair_accessible: r.requires_wheelchair_accessible,
    requires_pet_friendly: r.requires_pet_friendly,
    requires_private_room: r.requires_private_room,
    requires_medical_care_24_7: r.requires_medical_care_24_7,
    requires_sex_offender_friendly: r.requires_sex_offender_friendly,
    level_of_care: r.level_of_care,
    funding_source: r.funding_source,
    timeline: r.timeline,
    is_urgent: r.is_urgent,
    visibility_level: visibilityOf(r),
    referrer_email: r.referrer_email,
    interested_operators_count: r.interested_operators_count,
    matched_operators_count: matchedOperators,
    placed_at: r.placed_at,
    closed_at: r.closed_at,
    close_outcome: r.close_outcome,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }
}
export type ReferralSummary = ReturnType<typeof referralSummary>

/** Number of operators matched to each referral. */
export async function matchCounts(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, number>()
  const rows = await db
    .select({ referral_id: referral_matches.referral_id, n: count() })
    .from(referral_matches)
    .where(inArray(referral_matches.referral_id, ids))
    .groupBy(referral_matches.referral_id)
  return new Map(rows.map((r) => [r.referral_id, r.n]))
}

export async function toReferralSummary(db: Executor, r: ReferralRow) {
  return referralSummary(r, (await matchCounts(db, [r.id])).get(r.id) ?? 0)
}

/** Every stored field of the referral. */
export function fullReferral(r: ReferralRow, matchedOperators: number) {
  return { ...r, visibility_level: visibilityOf(r), matched_operators_count: matchedOperators }
}
export type FullReferral = ReturnType<typeof fullReferral>

/** The referral by id, or undefined. */
export async function findReferral(db: Executor, id: string) {
  const [referral] = await db.select().from(referrals).where(eq(referrals.id, id)).limit(1)
  return referral
}
