import { asc, eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { properties, tour_schedules } from '../../db/schema'
import { earliestAllowedDate } from './request-tour'

/**
 * GET /api/my/tours: tours of the operator's properties with the property's
 * name, city, state and operator, sorted by date then time. Upcoming: dated
 * today or later, or not yet confirmed. Completed: dated before today and
 * confirmed. "Today" is today anywhere in the US, as tour requests judge it.
 */
export function listMyTours(operatorId: string) {
  const today = earliestAllowedDate()
  const rows = db
    .select({
      tour: tour_schedules,
      property: { id: properties.id, name: properties.name, city: properties.city, state: properties.state, operator_id: properties.operator_id },
    })
    .from(tour_schedules)
    .innerJoin(properties, eq(properties.id, tour_schedules.property_id))
    .where(eq(properties.operator_id, operatorId))
    .orderBy(asc(tour_schedules.scheduled_date), asc(tour_schedules.scheduled_time))
    .all()
    .map(({ tour, property }) => ({ ...tour, property }))
  return {
    upcoming: rows.filter((t) => t.scheduled_date >= today || !t.is_confirmed),
    completed: rows.filter((t) => t.scheduled_date < today && t.is_confirmed),
  }
}
