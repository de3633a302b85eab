import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { clock, DAY, HOUR } from '../../lib/clock'
import { premiumSql } from '../billing'
import { rows } from '../../db/raw'
import { ratingOf, ratingsByOperator, type OperatorRating } from '../reviews'
import {
  badge,
  QUICK_RESPONSE_MAX_MEDIAN_HOURS,
  QUICK_RESPONSE_MIN_SAMPLES,
  QUICK_RESPONSE_WINDOW_DAYS,
  TOP_RATED_MIN_AVERAGE,
  TOP_RATED_MIN_REVIEWS,
  type Badge,
} from './badge-rules'
import { inJsonArraySql } from '../../db/dialect'

/** The median of a list (the mean of the two middle values when the count is even); null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * Top Rated (badge-rules.ts), judged on the average as the profile shows it
 * (one decimal, halves up), so a profile showing 4.5 never lacks the badge
 * its explanation promises. Whole tenths in integers: no float rounding.
 */
export function isTopRated(rating: Pick<OperatorRating, 'review_count' | 'rating_total'>) {
  if (rating.review_count < TOP_RATED_MIN_REVIEWS) return false
  return Math.round((rating.rating_total * 10) / rating.review_count) >= Math.round(TOP_RATED_MIN_AVERAGE * 10)
}

/** Quick Response (badge-rules.ts) from the response times, in ms, of the answered referrals in the window. */
export function isQuickResponse(responseTimesMs: readonly number[]) {
  if (responseTimesMs.length < QUICK_RESPONSE_MIN_SAMPLES) return false
  return median(responseTimesMs)! <= QUICK_RESPONSE_MAX_MEDIAN_HOURS * HOUR
}

/**
 * Response times of each operator over the Quick Response window. A referral
 * reaches an operator when it is matched to them (the match notification) or
 * when they are invited, whichever came first; the window holds the referrals
 * that reached them in the last QUICK_RESPONSE_WINDOW_DAYS days. Their answer
 * is their first interest in it or the first message they sent about it
 * (the definition: "Not a fit" and invitation replies are not counted).
 * Referrals they have not answered give no sample; one they acted on before it
 * reached them (say, interest from Browse Referrals, then an invitation) is
 * not a response to it and gives none either.
 */
export async function responseTimes(db: Executor, operatorIds: readonly string[]): Promise<Map<string, number[]>> {
  const map = new Map<string, number[]>()
  if (operatorIds.length === 0) return map
  const ids = [...new Set(operatorIds)]
  const now = clock.ms()
  const since = now - QUICK_RESPONSE_WINDOW_DAYS * DAY
  const operatorId = sql.raw('operator_id')
  const found = await rows<{ operator_id: string; reached_at: number; answered_at: number }>(
    db,
    sql`WITH reach AS (
       SELECT referral_id, operator_id, min(at) AS reached_at FROM (
         SELECT referral_id, operator_id, created_at AS at FROM referral_matches WHERE ${inJsonArraySql(operatorId, ids)}
         UNION ALL
         SELECT referral_id, operator_id, created_at FROM invitations WHERE ${inJsonArraySql(operatorId, ids)}) AS reached
       GROUP BY referral_id, operator_id
       HAVING min(at) >= ${since} AND min(at) <= ${now})
     SELECT r.operator_id, r.reached_at, min(a.at) AS answered_at
     FROM reach r
     JOIN (
       SELECT i.referral_id, i.operator_id, i.created_at AS at FROM referral_interests i
       UNION ALL
       SELECT c.referral_id, c.operator_id, m.created_at FROM conversations c JOIN messages m ON m.conversation_id = c.id AND m.sender_id = c.operator_id
     ) a ON a.referral_id = r.referral_id AND a.operator_id = r.operator_id
     GROUP BY r.referral_id, r.operator_id, r.reached_at
     HAVING min(a.at) >= r.reached_at AND min(a.at) <= ${now}`,
  )
  for (const r of found) {
    const list = map.get(r.operator_id)
    if (list) list.push(r.answered_at - r.reached_at)
    else map.set(r.operator_id, [r.answered_at - r.reached_at])
  }
  return map
}

type Flags = { id: string; verification_status: string; premium: number }

/**
 * The badges of many operators, computed from data on every read:
 * nothing a client sends can set one. Verified comes from an admin's review of
 * the license proof, Premium from the subscription (as premiumSql decides),
 * Top Rated from approved reviews and Quick Response from response times.
 * Three queries for the whole list, in display order: Verified, Premium, Top Rated, Quick Response.
 */
export async function operatorBadges(db: Executor, operatorIds: readonly string[], ratings?: Map<string, OperatorRating>): Promise<Map<string, Badge[]>> {
  const map = new Map<string, Badge[]>()
  if (operatorIds.length === 0) return map
  const flags = await rows<Flags>(
    db,
    sql`SELECT pr.id, pr.verification_status, ${premiumSql('pr.id', clock.ms())} AS premium
     FROM profiles pr WHERE ${inJsonArraySql(sql.raw('pr.id'), [...new Set(operatorIds)])}`,
  )
  const rated = ratings ?? (await ratingsByOperator(db, operatorIds))
  const times = await responseTimes(db, operatorIds)
  for (const f of flags) {
    const list: Badge[] = []
    if (f.verification_status === 'verified') list.push(badge('verified'))
    if (f.premium) list.push(badge('premium'))
    if (isTopRated(ratingOf(rated, f.id))) list.push(badge('top_rated'))
    if (isQuickResponse(times.get(f.id) ?? [])) list.push(badge('quick_response'))
    map.set(f.id, list)
  }
  return map
}

export const badgesOf = (map: Map<string, Badge[]>, operatorId: string) => map.get(operatorId) ?? []
