import { and, eq, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import type { Executor } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import { review_requests, reviews } from '../../db/schema'
import { conflict } from '../../errors'
import { clock } from '../../lib/clock'
import { notify } from '../notifications'
import { NOT_MATCHED, checkReviewToken } from './review-token'
import type { submitReviewSchema } from './reviews.schemas'

/** Review text is kept as plain text: line ends normalised, control characters dropped. Rendering escapes it. */
const plainText = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips control characters (keeps tab and newline) from review text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .trim()

/**
 * Posts the review of a placed referral through its review-request link.
 * The link is spent in the same transaction; the review waits for the
 * operator's approval (status pending, so operator_approved false) before it shows publicly.
 */
export async function submitReview(db: Executor, input: z.output<typeof submitReviewSchema>) {
  const review = await transaction(db, async (tx) => {
    const { request, referral, property } = await checkReviewToken(tx, input.token, input.referral_id)
    if (!property) throw conflict('not_matched', NOT_MATCHED)
    const spent = await tx
      .update(review_requests)
      .set({ used_at: clock.now() })
      .where(and(eq(review_requests.id, request.id), isNull(review_requests.used_at)))
      .returning({ id: review_requests.id })
    if (spent.length === 0) throw conflict('review_link_used', 'reviews.reviewLinkAlreadyUsed')
    const [review] = await tx
      .insert(reviews)
      .values({
        property_id: property.id,
        referral_id: referral.id,
        reviewer_name: plainText(input.reviewer_name),
        reviewer_email: input.reviewer_email,
        rating: input.rating,
        communication_rating: input.communication_rating,
        professionalism_rating: input.professionalism_rating,
        facility_quality_rating: input.facility_quality_rating,
        overall_experience_rating: input.overall_experience_rating,
        review_text: plainText(input.review_text),
        status: 'pending',
      })
      .returning()
    await notify(tx, property.operator_id, {
      type: 'review_received',
      title: `New ${input.rating}-star review of ${property.name}`,
      body: 'Approve it to show it on your public profile.',
      link: '/operator-dashboard?tab=reviews',
    })
    return review
  })
  return {
    id: review.id,
    property_id: review.property_id,
    // Set above from the link's referral.
    referral_id: review.referral_id!,
    rating: review.rating,
    operator_approved: review.operator_approved as false, // stored pending: not approved yet
    created_at: review.created_at,
  }
}
