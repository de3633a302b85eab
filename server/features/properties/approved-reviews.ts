import { categoryTotals, NO_CATEGORY_AVERAGES, type CategoryAverages } from '../reviews'
import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { rows } from '../../db/raw'
import { inJsonArraySql } from '../../db/dialect'

export type PublicReview = { id: string; reviewer_name: string; rating: number; review_text: string; created_at: string }
export type ReviewSummary = { reviews: PublicReview[]; review_count: number; average_rating: number | null; category_averages: CategoryAverages }

const EMPTY: ReviewSummary = { reviews: [], review_count: 0, average_rating: null, category_averages: NO_CATEGORY_AVERAGES }

type Row = {
  id: string
  property_id: string
  reviewer_name: string
  rating: number
  review_text: string
  created_at: number
  communication_rating: number | null
  professionalism_rating: number | null
  facility_quality_rating: number | null
  overall_experience_rating: number | null
}

/**
 * Approved reviews of many properties in one query (only reviews
 * the operator approved are public), newest first, with the average rating
 * and each review category's average, rounded to one decimal.
 * Reviewer e-mails never leave the server.
 */
export async function approvedReviews(db: Executor, propertyIds: readonly string[]): Promise<Map<string, ReviewSummary>> {
  const map = new Map<string, ReviewSummary>()
  if (propertyIds.length === 0) return map
  const found = await rows<Row>(
    db,
    sql`SELECT id, property_id, reviewer_name, rating, review_text, created_at,
       communication_rating, professionalism_rating, facility_quality_rating, overall_experience_rating
     FROM reviews
     WHERE ${inJsonArraySql(sql.raw('property_id'), [...new Set(propertyIds)])} AND operator_approved = ${true}
     ORDER BY created_at DESC, id`,
  )
  const totals = new Map<string, { rating: number; categories: ReturnType<typeof categoryTotals> }>()
  for (const r of found) {
    let summary = map.get(r.property_id)
    if (!summary) {
      summary = { reviews: [], review_count: 0, average_rating: null, category_averages: NO_CATEGORY_AVERAGES }
      map.set(r.property_id, summary)
    }
    summary.reviews.push({ id: r.id, reviewer_name: r.reviewer_name, rating: r.rating, review_text: r.review_text, created_at: new Date(r.created_at).toISOString() })
    summary.review_count++
    let sums = totals.get(r.property_id)
    if (!sums) {
      sums = { rating: 0, categories: categoryTotals() }
      totals.set(r.property_id, sums)
    }
    sums.rating += r.rating
    sums.categories.add(r)
  }
  for (const [id, summary] of map) {
    const sums = totals.get(id)!
    summary.average_rating = Math.round((sums.rating * 10) / summary.review_count) / 10
    summary.category_averages = sums.categories.averages()
  }
  return map
}

export const reviewsOf = (map: Map<string, ReviewSummary>, propertyId: string) => map.get(propertyId) ?? EMPTY
