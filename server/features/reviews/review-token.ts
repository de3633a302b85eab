import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { properties, referrals, review_requests, reviews } from '../../db/schema'
import { forUpdate, lockOwner } from '../../db/dialect'
import { AppError, conflict, forbidden, notFound } from '../../errors'
import { clock } from '../../lib/clock'
import { hashToken } from '../auth'

export const NOT_MATCHED = 'reviews.notMatched'

/**
 * Resolves the token of a review-request link and checks it may still be
 * used: it exists, belongs to the page's referral, is unused and unexpired,
 * and the referral has no review yet. Shared by the page's summary and the
 * submission, so both refuse the same links; the submission passes its
 * transaction, so the checks that decide the write read inside it, the link's
 * row and the referral's locked.
 */
export async function checkReviewToken(tx: Executor, token: string, referralId?: string) {
  const [request] = await forUpdate(tx.select().from(review_requests).where(eq(review_requests.token_hash, hashToken(token))).limit(1))
  if (!request) throw notFound('reviews.reviewLinkInvalid')
  if (referralId !== undefined && request.referral_id !== referralId) {
    throw forbidden('reviews.reviewLinkNotReferral', 'token_mismatch')
  }
  if (request.used_at) throw conflict('review_link_used', 'reviews.reviewLinkAlreadyUsed')
  if (request.expires_at.getTime() <= clock.ms()) throw new AppError('review_link_expired', 410, 'reviews.reviewLinkExpired')
  // One review per referral, whichever of its links is used: its row is locked before looking for one.
  await lockOwner(tx, referrals, request.referral_id)
  const [referral] = await tx.select().from(referrals).where(eq(referrals.id, request.referral_id)).limit(1)
  if (!referral) throw notFound('reviews.reviewLinkInvalid')
  const [reviewed] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.referral_id, referral.id)).limit(1)
  if (reviewed) throw conflict('already_reviewed', 'reviews.reviewAlreadySubmittedReferral')
  const [property] = referral.matched_property_id
    ? await tx
        .select({ id: properties.id, name: properties.name, city: properties.city, state: properties.state, operator_id: properties.operator_id })
        .from(properties)
        .where(eq(properties.id, referral.matched_property_id))
        .limit(1)
    : []
  return { request, referral, property: property ?? null }
}
