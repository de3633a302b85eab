import { desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { properties, reviews } from '../../db/schema'

/**
 * GET /api/my/reviews: every review of the operator's properties, newest
 * first, with the property's name and the category ratings. The
 * reviewer's e-mail stays private.
 */
export async function listMyReviews(db: Executor, operatorId: string) {
  return db
    .select({
      id: reviews.id,
      property_id: reviews.property_id,
      property_name: properties.name,
      referral_id: reviews.referral_id,
      reviewer_name: reviews.reviewer_name,
      rating: reviews.rating,
      communication_rating: reviews.communication_rating,
      professionalism_rating: reviews.professionalism_rating,
      facility_quality_rating: reviews.facility_quality_rating,
      overall_experience_rating: reviews.overall_experience_rating,
      review_text: reviews.review_text,
      operator_approved: reviews.operator_approved,
      status: reviews.status,
      created_at: reviews.created_at,
    })
    .from(reviews)
    .innerJoin(properties, eq(properties.id, reviews.property_id))
    .where(eq(properties.operator_id, operatorId))
    .orderBy(desc(reviews.created_at), desc(reviews.id))
}
