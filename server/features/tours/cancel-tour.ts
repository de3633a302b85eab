import { eq } from 'drizzle-orm'
import { homeZone } from '../geo'
import type { Executor } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import { tour_schedules } from '../../db/schema'
import { conflict } from '../../errors'
import { enqueueEmail } from '../../mail/outbox'
import { templates } from '../../mail/templates'
import { notify } from '../notifications'
import { slotText } from '../../lib/slot-text'
import { findOperatorTour } from './tour-access'
import { tourStatus } from './tour-status'
import { recipientLocale } from '../../mail/recipient'

/**
 * DELETE /api/tours/:id: only the property's operator; the tour becomes
 * `cancelled` (irreversible; kept, so the dashboard lists it and an open
 * reschedule link says the tour was cancelled) and the visitor is told by
 * e-mail in the same transaction. A tour that already took place stays as it was.
 */
export async function cancelTour(db: Executor, opts: { operatorId: string; tourId: string }) {
  await transaction(db, async (tx) => {
    const { tour, property } = await findOperatorTour(tx, opts.operatorId, opts.tourId)
    const zone = homeZone(property)
    const status = tourStatus(tour, zone)
    if (status === 'cancelled') throw conflict('tour_cancelled', 'tours.tourAlreadyCancelled')
    if (status === 'completed') throw conflict('tour_completed', 'tours.tourAlreadyTakenPlace')
    await tx.update(tour_schedules).set({ status: 'cancelled', proposed_date: null, proposed_time: null }).where(eq(tour_schedules.id, tour.id))
    await enqueueEmail(tx, {
      to: tour.visitor_email,
      ...templates.tourCancelled({ visitor_name: tour.visitor_name, property_name: property.name, scheduled_date: tour.scheduled_date, scheduled_time: tour.scheduled_time, time_zone: zone }, await recipientLocale(tx, tour.requested_by)),
    })
    if (tour.requested_by) {
      await notify(tx, tour.requested_by, { type: 'tour_cancelled', title: 'Tour Cancelled', body: `${property.name} on ${slotText(tour.scheduled_date, tour.scheduled_time, zone)}`, link: '/browse' })
    }
  })
}
