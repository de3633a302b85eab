import { eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { tour_schedules } from '../../db/schema'
import { enqueueEmail } from '../../mail/outbox'
import { templates } from '../../mail/templates'
import { notify } from '../notifications/notify'
import { findOperatorTour } from './tour-access'

/**
 * POST /api/tours/:id/confirm: only the property's operator. The visitor is
 * e-mailed (outbox, same transaction) and, when signed in at request time,
 * notified in the app. Confirming twice changes nothing and sends nothing.
 */
export function confirmTour(opts: { operatorId: string; tourId: string }) {
  let push: (() => void) | null = null
  const tour = db.transaction((tx) => {
    const { tour, property } = findOperatorTour(tx, opts.operatorId, opts.tourId)
    if (tour.is_confirmed) return tour
    const updated = tx.update(tour_schedules).set({ is_confirmed: true }).where(eq(tour_schedules.id, tour.id)).returning().get()
    const slot = { visitor_name: tour.visitor_name, property_name: property.name, scheduled_date: tour.scheduled_date, scheduled_time: tour.scheduled_time }
    enqueueEmail(tx, { to: tour.visitor_email, ...templates.tourConfirmed({ ...slot, address: `${property.address}, ${property.city}, ${property.state} ${property.zip_code}` }) })
    if (tour.requested_by) {
      push = notify(tx, tour.requested_by, { type: 'tour_confirmed', title: 'Tour Confirmed', body: `${property.name} on ${tour.scheduled_date} at ${tour.scheduled_time}`, link: `/property/${property.id}` })
    }
    return updated
  })
  ;(push as (() => void) | null)?.()
  return tour
}
