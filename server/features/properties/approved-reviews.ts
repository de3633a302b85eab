import { rows } from './public-sql'

export type PublicReview = { id: string; reviewer_name: string; rating: number; review_text: string; created_at: string }
export type ReviewSummary = { reviews: PublicReview[]; review_count: number; average_rating: number | null }

const EMPTY: ReviewSummary = { reviews: [], review_count: 0, average_rating: null }

/**
 * Approved reviews of many properties in one query (part 2 §3: only reviews
 * the operator approved are public), newest first, with the average rating
 * rounded to one decimal. Reviewer e-mails never leave the server.
 */
export function approvedReviews(propertyIds: readonly string[]): Map<string, ReviewSummary> {
  const map = new Map<string, ReviewSummary>()
  if (propertyIds.length === 0) return map
  const found = rows<{ id: string; property_id: string; reviewer_name: string; rating: number; review_text: string; created_at: number }>(
    `SELECT id, property_id, reviewer_name, rating, review_text, created_at FROM reviews
     WHERE property_id IN (SELECT value FROM json_each($ids)) AND operator_approved = 1
     ORDER BY created_at DESC, id`,
    { ids: JSON.stringify([...new Set(propertyIds)]) },
  )
  const totals = new Map<string, number>()
  for (const r of found) {
    let summary = map.get(r.property_id)
    if (!summary) map.set(r.property_id, (summary = { reviews: [], review_count: 0, average_rating: null }))
    summary.reviews.push({ id: r.id, reviewer_name: r.reviewer_name, rating: r.rating, review_text: r.review_text, created_at: new Date(r.created_at).toISOString() })
    summary.review_count++
    totals.set(r.property_id, (totals.get(r.property_id) ?? 0) + r.rating)
  }
  for (const [id, summary] of map) summary.average_rating = Math.round((totals.get(id)! / summary.review_count) * 10) / 10
  return map
}

export const reviewsOf = (map: Map<string, ReviewSummary>, propertyId: string) => map.get(propertyId) ?? EMPTY
