import { notFound } from '../../errors'
import { clock } from '../../lib/clock'
import { badgesOf, operatorBadges } from '../badges'
import { approvedReviews, reviewsOf } from './approved-reviews'
import { row } from '../../db/raw'
import { fromRaw, VISIBLE_PROPERTY, type RawProperty } from './public-sql'
import { loadPropertyViews } from './property-view'

export const PROPERTY_NOT_FOUND = 'Property not found'

/**
 * Property detail (part 2 §2): public properties only; an unknown, inactive
 * or plan-hidden property is 'Property not found'. Includes approved reviews
 * with their category averages, and the operator's badges (issue 15).
 */
export function getPublicProperty(id: string) {
  const found = row<RawProperty>(`SELECT p.* FROM properties p WHERE p.id = $id AND ${VISIBLE_PROPERTY}`, { id, now: clock.ms() })
  if (!found) throw notFound(PROPERTY_NOT_FOUND)
  const [view] = loadPropertyViews([fromRaw(found)])
  return { ...view!, operator: { ...view!.operator, badges: badgesOf(operatorBadges([found.operator_id]), found.operator_id) }, ...reviewsOf(approvedReviews([id]), id) }
}
