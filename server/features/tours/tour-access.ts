import { and, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { properties, tour_schedules } from '../../db/schema'
import { forUpdate } from '../../db/dialect'
import { notFound } from '../../errors'

/**
 * A tour of one of the operator's properties, with its property; anyone else's
 * tour is a 404. Read inside the transaction that changes the tour: its
 * status decides the change.
 */
export async function findOperatorTour(tx: Executor, operatorId: string, tourId: string) {
  const [row] = await forUpdate(
    tx
      .select({ tour: tour_schedules, property: properties })
      .from(tour_schedules)
      .innerJoin(properties, eq(properties.id, tour_schedules.property_id))
      .where(and(eq(tour_schedules.id, tourId), eq(properties.operator_id, operatorId)))
      .limit(1),
  )
  if (!row) throw notFound('tours.tourNotFound')
  return row
}
