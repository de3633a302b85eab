import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { notFound } from '../../errors'
import { clock } from '../../lib/clock'
import { badgesOf, operatorBadges } from '../badges'
import { ratingOf, ratingsByOperator } from '../reviews'
import { approvedReviews, reviewsOf } from './approved-reviews'
import { row } from '../../db/raw'
import { fromRaw, VISIBLE_PROPERTY, type RawProperty } from './public-sql'
import { loadPropertyViews } from './property-view'

export const PROPERTY_NOT_FOUND = 'errors.propertyNotFound'

/**
 * Property detail: public properties only; an unknown, inactive
 * or plan-hidden property is 'Property not found'. Includes approved reviews
 * with their category averages, and the operator's badges (ADR 015) with
 * the rating over all their homes that Top Rated is judged on.
 */
export async function getPublicProperty(db: Executor, id: string) {
  // No id holds a NUL character (PostgreSQL's text cannot even compare one): unknown, on both engines.
  if (id.includes('\0')) throw notFound(PROPERTY_NOT_FOUND)
  const found = await row<RawProperty>(db, sql`SELECT p.* FROM properties p WHERE p.id = ${id} AND ${VISIBLE_PROPERTY(clock.ms())}`)
  if (!found) throw notFound(PROPERTY_NOT_FOUND)
  const [view] = await loadPropertyViews(db, [fromRaw(found)])
  // The operator's rating over all their homes: what Top Rated is judged on, stated beside it, so a home with no
  // review of its own does not show the badge with nothing to back it (the profile states the same numbers).
  const ratings = await ratingsByOperator(db, [found.operator_id])
  const { review_count, average_rating } = ratingOf(ratings, found.operator_id)
  const badges = await operatorBadges(db, [found.operator_id], ratings)
  const reviews = await approvedReviews(db, [id])
  return {
    ...view!,
    operator: { ...view!.operator, badges: badgesOf(badges, found.operator_id), rating: { review_count, average_rating } },
    ...reviewsOf(reviews, id),
  }
}
