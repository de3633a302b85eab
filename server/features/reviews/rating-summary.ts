import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { REVIEW_CATEGORIES } from '../../db/enums'
import { rows } from '../../db/raw'
import { inJsonArraySql } from '../../db/dialect'

export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number]
/** Each category's average to one decimal; null when no approved review rated it (reviews older than the categories). */
export type CategoryAverages = Record<ReviewCategory, number | null>
export type OperatorRating = { review_count: number; rating_total: number; average_rating: number | null; category_averages: CategoryAverages }

/** Ratings are shown to one decimal. */
export const oneDecimal = (value: number) => Math.round(value * 10) / 10

export const NO_CATEGORY_AVERAGES: CategoryAverages = Object.fromEntries(REVIEW_CATEGORIES.map((c) => [c, null])) as CategoryAverages

/** Running sums of category ratings, ignoring the categories a review did not rate. */
export function categoryTotals() {
  const sums = Object.fromEntries(REVIEW_CATEGORIES.map((c) => [c, { total: 0, n: 0 }])) as Record<ReviewCategory, { total: number; n: number }>
  return {
    add(review: Partial<Record<`${ReviewCategory}_rating`, number | null>>) {
      for (const c of REVIEW_CATEGORIES) {
        const value = review[`${c}_rating`]
        if (value != null) {
          sums[c].total += value
          sums[c].n++
        }
      }
    },
    averages: (): CategoryAverages =>
      Object.fromEntries(REVIEW_CATEGORIES.map((c) => [c, sums[c].n ? oneDecimal(sums[c].total / sums[c].n) : null])) as CategoryAverages,
  }
}

const categoryColumns = sql.raw(REVIEW_CATEGORIES.map((c) => `avg(rv.${c}_rating) AS ${c}`).join(', '))

/**
 * Each operator's rating over the approved reviews of all their homes (Top
 * Rated and the profile's summary use the same figures). Only approved
 * reviews count: pending and rejected ones are never public. One query.
 */
export async function ratingsByOperator(db: Executor, operatorIds: readonly string[]): Promise<Map<string, OperatorRating>> {
  const map = new Map<string, OperatorRating>()
  if (operatorIds.length === 0) return map
  const found = await rows<{ operator_id: string; n: number; total: number } & Record<ReviewCategory, number | null>>(
    db,
    sql`SELECT p.operator_id, count(*) AS n, sum(rv.rating) AS total, ${categoryColumns}
     FROM reviews rv JOIN properties p ON p.id = rv.property_id
     WHERE ${inJsonArraySql(sql.raw('p.operator_id'), [...new Set(operatorIds)])} AND rv.operator_approved = ${true}
     GROUP BY p.operator_id`,
  )
  for (const r of found) {
    map.set(r.operator_id, {
      review_count: r.n,
      rating_total: r.total,
      average_rating: r.n ? Math.round((r.total * 10) / r.n) / 10 : null,
      category_averages: Object.fromEntries(REVIEW_CATEGORIES.map((c) => [c, r[c] == null ? null : oneDecimal(r[c]!)])) as CategoryAverages,
    })
  }
  return map
}

export const ratingOf = (map: Map<string, OperatorRating>, operatorId: string): OperatorRating =>
  map.get(operatorId) ?? { review_count: 0, rating_total: 0, average_rating: null, category_averages: NO_CATEGORY_AVERAGES }
