import type { TOUR_STATUSES, tour_schedules } from '../../db/schema'
import { clock, MINUTE } from '../../lib/clock'
import { slotStartMs } from '../../lib/home-time'

export type TourStatus = (typeof TOUR_STATUSES)[number]
export type TourRow = typeof tour_schedules.$inferSelect

/** How long a tour lasts: the calendar invitation's length, and when a confirmed tour counts as completed. */
export const TOUR_MINUTES = 60

/** When the tour (at its current slot) is over, at a home in `zone` (its IANA time zone). */
export const tourEndMs = (t: Pick<TourRow, 'scheduled_date' | 'scheduled_time'>, zone: string) =>
  slotStartMs(t.scheduled_date, t.scheduled_time, zone) + TOUR_MINUTES * MINUTE

/**
 * The status shown for a tour: the stored one, except that a confirmed tour
 * whose slot has ended is `completed` (computed, so no job has to run for it
 * and it can never lag behind the clock).
 */
export function tourStatus(t: Pick<TourRow, 'status' | 'scheduled_date' | 'scheduled_time'>, zone: string, nowMs = clock.ms()): TourStatus {
  if (t.status === 'confirmed' && tourEndMs(t, zone) <= nowMs) return 'completed'
  return t.status
}

/**
 * A tour as the API returns it. `is_confirmed` stays in the answer although
 * `status` replaced the column (ADR 014): true for confirmed and completed tours.
 */
export function tourView(t: TourRow, zone: string, nowMs = clock.ms()) {
  const status = tourStatus(t, zone, nowMs)
  return {
    id: t.id,
    property_id: t.property_id,
    visitor_name: t.visitor_name,
    visitor_email: t.visitor_email,
    visitor_phone: t.visitor_phone,
    scheduled_date: t.scheduled_date,
    scheduled_time: t.scheduled_time,
    /** The home's IANA zone: the slot is its wall-clock time, labelled with the zone's name everywhere. */
    time_zone: zone,
    notes: t.notes,
    status,
    is_confirmed: status === 'confirmed' || status === 'completed',
    proposed_date: t.status === 'rescheduling' ? t.proposed_date : null,
    proposed_time: t.status === 'rescheduling' ? t.proposed_time : null,
    created_at: t.created_at.toISOString(),
  }
}
export type TourView = ReturnType<typeof tourView>
