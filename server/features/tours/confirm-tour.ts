import { eq } from 'drizzle-orm'
import { homeZone } from '../geo'
import type { Executor } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import { tour_schedules } from '../../db/schema'
import { conflict } from '../../errors'
import { clock } from '../../lib/clock'
import { enqueueEmail } from '../../mail/outbox'
import { templates } from '../../mail/templates'
import { notify } from '../notifications'
import { findOperatorTour } from './tour-access'
import { slotText } from '../../lib/slot-text'
import { calendarWriter } from './tour-calendar'
import { tourView } from './tour-status'
import { recipientLocale } from '../../mail/recipient'

/**
 * POST /api/tours/:id/confirm: only the property's operator. The visitor is
 * e-mailed (outbox, same transaction) with the tour's calendar invitation
 * and, when signed in at request time, notified in the app. Confirming twice
 * changes nothing and sends nothing; a tour waiting for the visitor's answer
 * to a new time, or cancelled, cannot be confirmed.
 */
export async function confirmTour(db: Executor, opts: { operatorId: string; tourId: string }) {
  const invite = await calendarWriter()
  const tour = await transaction(db, async (tx) => {
    const { tour, property } = await findOperatorTour(tx, opts.operatorId, opts.tourId)
    if (tour.status === 'cancelled') throw conflict('tour_cancelled', 'tours.tourCancelledCannotConfirmed')
    if (tour.status === 'rescheduling') throw conflict('tour_rescheduling', 'tours.proposedNewTimeVisitorConfirms')
    const zone = homeZone(property)
    if (tour.status === 'confirmed') return tourView(tour, zone)
    const [updated] = await tx.update(tour_schedules).set({ status: 'confirmed' }).where(eq(tour_schedules.id, tour.id)).returning()
    const slot = { scheduled_date: tour.scheduled_date, scheduled_time: tour.scheduled_time }
    const address = `${property.address}, ${property.city}, ${property.state} ${property.zip_code}`
    // The visitor's saved language; a guest without an account reads English (no language is stored for her).
    const locale = await recipientLocale(tx, tour.requested_by)
    await enqueueEmail(tx, {
      to: tour.visitor_email,
      ...templates.tourConfirmed({ visitor_name: tour.visitor_name, property_name: property.name, ...slot, time_zone: zone, address }, locale),
      attachments: [invite({ tour_id: tour.id, property_id: property.id, property_name: property.name, address, time_zone: zone, ...slot, locale })],
    })
    if (tour.requested_by) {
      await notify(tx, tour.requested_by, { type: 'tour_confirmed', title: 'Tour Confirmed', body: `${property.name} on ${slotText(tour.scheduled_date, tour.scheduled_time, zone)}`, link: `/property/${property.id}` })
    }
    return tourView(updated, zone, clock.ms())
  })
  return tour
}
