import { z } from 'zod'
import { isoTime, itemsOf } from '../../lib/openapi'

/** Response bodies of the review routes (OpenAPI; the services' return values). */

const average = z.number().nullable().describe('One decimal; null when no approved review rated it')
/** CategoryAverages (rating-summary.ts): each review category's average over approved reviews. */
export const categoryAveragesSchema = z.object({
  communication: average,
  professionalism: average,
  facility_quality: average,
  overall_experience: average,
})
/** An approved review as the public sees it (never the reviewer's e-mail). */
export const publicReviewSchema = z.object({ id: z.string(), reviewer_name: z.string(), rating: z.number().int(), review_text: z.string(), created_at: isoTime })
/** ReviewSummary (approved-reviews.ts): a property's approved reviews, newest first, and their averages. */
export const reviewSummaryFields = {
  reviews: z.array(publicReviewSchema),
  review_count: z.number().int(),
  average_rating: z.number().nullable().describe('One decimal; null without approved reviews'),
  category_averages: categoryAveragesSchema,
}

const categoryRating = z.number().int().nullable().describe('1-5; null on reviews older than the categories')
/** GET /api/my/reviews: every review of the operator's homes, newest first (the reviewer's e-mail stays private). */
export const myReviewsSchema = itemsOf(
  z.object({
    id: z.string(),
    property_id: z.string(),
    property_name: z.string(),
    referral_id: z.string().nullable(),
    reviewer_name: z.string(),
    rating: z.number().int(),
    communication_rating: categoryRating,
    professionalism_rating: categoryRating,
    facility_quality_rating: categoryRating,
    overall_experience_rating: categoryRating,
    review_text: z.string(),
    operator_approved: z.boolean(),
    status: z.enum(['pending', 'approved', 'rejected']),
    created_at: isoTime,
  }),
)
export const reviewSubmittedSchema = z.object({
  id: z.string(),
  property_id: z.string(),
  referral_id: z.string(),
  rating: z.number().int(),
  operator_approved: z.literal(false).describe('Waits for the operator'),
  created_at: z.string(),
})
export const reviewModeratedSchema = z.object({
  review: z.object({ id: z.string(), status: z.enum(['pending', 'approved', 'rejected']), operator_approved: z.boolean() }),
})

/** What the review page shows for a review link. */
export const reviewRequestSchema = z.object({
  referral_id: z.string(),
  matched: z.boolean().describe('false until the referral is matched to a home'),
  property: z.object({ id: z.string(), name: z.string(), city: z.string(), state: z.string() }).nullable(),
  reviewer_name: z.string(),
  reviewer_email: z.string(),
  expires_at: z.string(),
})
