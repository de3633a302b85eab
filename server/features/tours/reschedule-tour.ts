import { eq } from 'drizzle-orm'
import { homeZone } from '../geo'
import type { z } from 'zod'
import type { Executor } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import { tour_reschedule_links, tour_schedules } from '../../db/schema'
import { conflict, invalid } from '../../errors'
import { clock, DAY } from '../../lib/clock'
import { enqueueEmail } from '../../mail/outbox'
import { templates } from '../../mail/templates'
import { generateSessionToken, hashToken } from '../auth'
import { notify } from '../notifications'
import { slotStartMs } from '../../lib/home-time'
import { slotText } from '../../lib/slot-text'
import { findOperatorTour } from './tour-access'
import { tourStatus, tourView } from './tour-status'
import { RESCHEDULE_LINK_DAYS, RESCHEDULE_PAST_MESSAGE, RESCHEDULE_SAME_MESSAGE, type tourRescheduleSchema } from './tours.schemas'
import { recipientLocale } from '../../mail/recipient'

/**
 * POST /api/tours/:id/reschedule: the home's operator proposes a
 * new slot for a pending, confirmed or already-rescheduling tour. The tour
 * becomes `rescheduling` and keeps its current slot until the visitor answers
 * through a single-use link e-mailed in the same transaction (only the
 * token's hash is stored). A new proposal makes earlier links stale.
 */
export async function rescheduleTour(db: Executor, opts: { operatorId: string; tourId: string; input: z.output<typeof tourRescheduleSchema> }) {
  const { scheduled_date: date, scheduled_time: time } = opts.input
  const view = await transaction(db, async (tx) => {
    const { tour, property } = await findOperatorTour(tx, opts.operatorId, opts.tourId)
    const now = clock.ms()
    const zone = homeZone(property)
    const status = tourStatus(tour, zone, now)
    if (status === 'cancelled') throw conflict('tour_cancelled', 'tours.tourCancelledCannotRescheduled')
    if (status === 'completed') throw conflict('tour_completed', 'tours.tourAlreadyTakenPlaceCannot')
    const startsAt = slotStartMs(date, time, zone)
    if (startsAt <= now) throw invalid(RESCHEDULE_PAST_MESSAGE, { scheduled_date: RESCHEDULE_PAST_MESSAGE })
    if (date === tour.scheduled_date && time === tour.scheduled_time) throw invalid(RESCHEDULE_SAME_MESSAGE, { scheduled_time: RESCHEDULE_SAME_MESSAGE })

    const [updated] = await tx
      .update(tour_schedules)
      .set({ status: 'rescheduling', proposed_date: date, proposed_time: time })
      .where(eq(tour_schedules.id, tour.id))
      .returning()
    const token = generateSessionToken()
    const expiresAt = new Date(Math.min(now + RESCHEDULE_LINK_DAYS * DAY, startsAt))
    await tx
      .insert(tour_reschedule_links)
      .values({ tour_id: tour.id, token_hash: hashToken(token), proposed_date: date, proposed_time: time, expires_at: expiresAt })
    await enqueueEmail(tx, {
      to: tour.visitor_email,
      ...templates.tourRescheduleProposed({
        visitor_name: tour.visitor_name,
        property_name: property.name,
        from_date: tour.scheduled_date,
        from_time: tour.scheduled_time,
        to_date: date,
        to_time: time,
        time_zone: zone,
        token,
        link_expires_at: expiresAt,
      }, await recipientLocale(tx, tour.requested_by)),
    })
    if (tour.requested_by) {
      await notify(tx, tour.requested_by, {
        type: 'tour_rescheduling',
        title: 'A new tour time was proposed',
        body: `${property.name} proposes ${slotText(date, time, zone)} (the home's local time). Answer with the link in the e-mail we sent you.`,
        link: `/property/${property.id}`,
      })
    }
    return tourView(updated, zone, now)
  })
  return view
}
