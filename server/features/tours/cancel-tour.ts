import { eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { tour_schedules } from '../../db/schema'
import { enqueueEmail } from '../../mail/outbox'
import { templates } from '../../mail/templates'
import { notify } from '../notifications/notify'
import { findOperatorTour } from './tour-access'

/**
 * DELETE /api/tours/:id: only the property's operator; the tour is deleted
 * (irreversible) and the visitor told by e-mail in the same transaction.
 */
export function cancelTour(opts: { operatorId: string; tourId: string }) {
  let push: (() => void) | null = null
  db.transaction((tx) => {
    const { tour, property } = findOperatorTour(tx, opts.operatorId, opts.tourId)
    tx.delete(tour_schedules).where(eq(tour_schedules.id, tour.id)).run()
    enqueueEmail(tx, {
      to: tour.visitor_email,
      ...templates.tourCancelled({ visitor_name: tour.visitor_name, property_name: property.name, scheduled_date: tour.scheduled_date, scheduled_time: tour.scheduled_time }),
    })
    if (tour.requested_by) {
      push = notify(tx, tour.requested_by, { type: 'tour_cancelled', title: 'Tour Cancelled', body: `${property.name} on ${tour.scheduled_date} at ${tour.scheduled_time}`, link: '/browse' })
    }
  })
  ;(push as (() => void) | null)?.()
}
