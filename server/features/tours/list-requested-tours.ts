import { desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { properties, tour_schedules } from '../../db/schema'
import { clock } from '../../lib/clock'
import { homeZone } from '../geo'
import { tourStatus } from './tour-status'

/**
 * GET /api/my/tour-requests: the tours the signed-in user asked for (signed
 * in when asking), newest request first, each with its home and its status as
 * the operator left it (pending, confirmed, rescheduling with the proposed
 * slot, completed once a confirmed slot is over, cancelled). Only what the
 * requester typed or may see: no operator data beyond the public listing.
 */
export async function listRequestedTours(db: Executor, userId: string) {
  const now = clock.ms()
  const rows = await db
    .select({ tour: tour_schedules, property: { id: properties.id, name: properties.name, city: properties.city, state: properties.state, zip_code: properties.zip_code, time_zone: properties.time_zone } })
    .from(tour_schedules)
    .innerJoin(properties, eq(properties.id, tour_schedules.property_id))
    .where(eq(tour_schedules.requested_by, userId))
    .orderBy(desc(tour_schedules.created_at), desc(tour_schedules.id))
  return {
    items: rows.map(({ tour, property: p }) => {
      const property = { id: p.id, name: p.name, city: p.city, state: p.state, time_zone: homeZone(p) }
      return {
      id: tour.id,
      property,
      scheduled_date: tour.scheduled_date,
      scheduled_time: tour.scheduled_time,
      status: tourStatus(tour, property.time_zone, now),
      proposed_date: tour.status === 'rescheduling' ? tour.proposed_date : null,
      proposed_time: tour.status === 'rescheduling' ? tour.proposed_time : null,
      created_at: tour.created_at.toISOString(),
    }
    }),
  }
}
