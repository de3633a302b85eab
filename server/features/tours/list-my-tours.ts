import { and, asc, eq, gt, isNull } from 'drizzle-orm'
import { homeZone } from '../geo'
import type { Executor } from '../../db/client'
import { properties, tour_reschedule_links, tour_schedules } from '../../db/schema'
import { clock } from '../../lib/clock'
import { tourView } from './tour-status'

/**
 * GET /api/my/tours: tours of the operator's properties with the property's
 * name, city, state and operator, sorted by date then time, in three lists
 * by status:
 * - upcoming: pending, confirmed and not over yet, or rescheduling (a past
 *   pending tour stays here until the operator confirms or cancels it,
 *   "or unconfirmed");
 * - completed: confirmed tours whose slot has ended (computed at read time);
 * - cancelled.
 * A rescheduling tour carries when its answer link stops working
 * (`proposal_expires_at`, null once no unused link is left).
 */
export async function listMyTours(db: Executor, operatorId: string) {
  const now = clock.ms()
  const rows = await db
    .select({
      tour: tour_schedules,
      property: { id: properties.id, name: properties.name, city: properties.city, state: properties.state, zip_code: properties.zip_code, time_zone: properties.time_zone, operator_id: properties.operator_id },
    })
    .from(tour_schedules)
    .innerJoin(properties, eq(properties.id, tour_schedules.property_id))
    .where(eq(properties.operator_id, operatorId))
    .orderBy(asc(tour_schedules.scheduled_date), asc(tour_schedules.scheduled_time), asc(tour_schedules.id))
  const links = await db
    .select({ tour_id: tour_reschedule_links.tour_id, date: tour_reschedule_links.proposed_date, time: tour_reschedule_links.proposed_time, expires_at: tour_reschedule_links.expires_at })
    .from(tour_reschedule_links)
    .innerJoin(tour_schedules, eq(tour_schedules.id, tour_reschedule_links.tour_id))
    .innerJoin(properties, eq(properties.id, tour_schedules.property_id))
    .where(
      and(
        eq(properties.operator_id, operatorId),
        eq(tour_schedules.status, 'rescheduling'),
        isNull(tour_reschedule_links.used_at),
        gt(tour_reschedule_links.expires_at, new Date(now)),
      ),
    )
  const openLinks = new Map<string, Date>()
  for (const l of links) {
    // Proposing the same slot twice leaves two open links: the later expiry is the one that counts.
    const key = `${l.tour_id} ${l.date} ${l.time}`
    if ((openLinks.get(key)?.getTime() ?? 0) < l.expires_at.getTime()) openLinks.set(key, l.expires_at)
  }
  const tours = rows.map(({ tour, property: p }) => {
    const property = { id: p.id, name: p.name, city: p.city, state: p.state, operator_id: p.operator_id, time_zone: homeZone(p) }
    const expires = tour.status === 'rescheduling' ? openLinks.get(`${tour.id} ${tour.proposed_date} ${tour.proposed_time}`) : undefined
    return { ...tourView(tour, property.time_zone, now), proposal_expires_at: expires?.toISOString() ?? null, property }
  })
  return {
    upcoming: tours.filter((t) => t.status === 'pending' || t.status === 'confirmed' || t.status === 'rescheduling'),
    completed: tours.filter((t) => t.status === 'completed'),
    cancelled: tours.filter((t) => t.status === 'cancelled'),
  }
}
