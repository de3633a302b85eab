import { and, eq, isNull } from 'drizzle-orm'
import { homeZone } from '../geo'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { transaction } from '../../db/unit-of-work'
import { profiles, properties, tour_reschedule_links, tour_schedules } from '../../db/schema'
import { AppError, conflict, notFound } from '../../errors'
import { clock } from '../../lib/clock'
import { enqueueEmail } from '../../mail/outbox'
import { templates } from '../../mail/templates'
import { hashToken } from '../auth'
import { notify } from '../notifications'
import { slotText } from '../../lib/slot-text'
import { calendarWriter } from './tour-calendar'
import type { RescheduleAnswer } from './tours.schemas'
import { recipientLocale } from '../../mail/recipient'

/**
 * The visitor's side of a reschedule: the e-mailed link is the
 * credential, so no account is needed. Each way a link can be unusable has
 * its own status and message, which the page shows as is.
 */
export const LINK_INVALID = 'tours.linkInvalid'
export const LINK_USED = 'tours.linkUsed'
export const LINK_EXPIRED = 'tours.linkExpired'
export const TOUR_CANCELLED = 'tours.tourCancelled'
export const PROPOSAL_REPLACED = 'tours.proposalReplaced'

async function checkLink(tx: Executor, token: string) {
  const [link] = await forUpdate(tx.select().from(tour_reschedule_links).where(eq(tour_reschedule_links.token_hash, hashToken(token))).limit(1))
  if (!link) throw notFound(LINK_INVALID)
  if (link.used_at) throw conflict('link_used', LINK_USED)
  if (link.expires_at.getTime() <= clock.ms()) throw new AppError('link_expired', 410, LINK_EXPIRED)
  const [row] = await forUpdate(
    tx
      .select({ tour: tour_schedules, property: properties })
      .from(tour_schedules)
      .innerJoin(properties, eq(properties.id, tour_schedules.property_id))
      .where(eq(tour_schedules.id, link.tour_id))
      .limit(1),
  )
  if (!row) throw notFound(LINK_INVALID)
  if (row.tour.status === 'cancelled') throw conflict('tour_cancelled', TOUR_CANCELLED)
  // Answered through another link, or proposed again since: this link's slot is no longer the open question.
  if (row.tour.status !== 'rescheduling' || row.tour.proposed_date !== link.proposed_date || row.tour.proposed_time !== link.proposed_time) {
    throw conflict('proposal_replaced', PROPOSAL_REPLACED)
  }
  return { link, ...row }
}

const summary = (r: Awaited<ReturnType<typeof checkLink>>) => ({
  property: { id: r.property.id, name: r.property.name, city: r.property.city, state: r.property.state, time_zone: homeZone(r.property) },
  visitor_name: r.tour.visitor_name,
  scheduled_date: r.tour.scheduled_date,
  scheduled_time: r.tour.scheduled_time,
  proposed_date: r.link.proposed_date,
  proposed_time: r.link.proposed_time,
  expires_at: r.link.expires_at.toISOString(),
})

/** GET /api/tour-reschedules/:token: what the page shows before the visitor answers. */
export async function getRescheduleProposal(db: Executor, token: string) {
  return summary(await checkLink(db, token))
}

/**
 * POST /api/tour-reschedules/:token {answer}: accept → the tour moves to the
 * proposed slot and is confirmed (the visitor gets the confirmation with its
 * calendar invitation); decline → the tour is cancelled. The operator is told
 * in the app and by e-mail. The link is checked and marked used (a
 * conditional UPDATE) in the transaction that applies the answer, so two
 * answers racing count once.
 */
export async function answerReschedule(db: Executor, token: string, answer: RescheduleAnswer) {
  const invite = await calendarWriter()
  const result = await transaction(db, async (tx) => {
    const found = await checkLink(tx, token)
    const { tour, property, link } = found
    const [used] = await tx
      .update(tour_reschedule_links)
      .set({ used_at: clock.now() })
      .where(and(eq(tour_reschedule_links.id, link.id), isNull(tour_reschedule_links.used_at)))
      .returning({ id: tour_reschedule_links.id })
    if (!used) throw conflict('link_used', LINK_USED)

    const accepted = answer === 'accept'
    const slot = { scheduled_date: link.proposed_date, scheduled_time: link.proposed_time }
    await tx
      .update(tour_schedules)
      .set(accepted ? { ...slot, status: 'confirmed', proposed_date: null, proposed_time: null } : { status: 'cancelled', proposed_date: null, proposed_time: null })
      .where(eq(tour_schedules.id, tour.id))
    if (accepted) {
      const address = `${property.address}, ${property.city}, ${property.state} ${property.zip_code}`
      const locale = await recipientLocale(tx, tour.requested_by)
      await enqueueEmail(tx, {
        to: tour.visitor_email,
        ...templates.tourConfirmed({ visitor_name: tour.visitor_name, property_name: property.name, ...slot, time_zone: homeZone(property), address, new_time: true }, locale),
        attachments: [invite({ tour_id: tour.id, property_id: property.id, property_name: property.name, address, time_zone: homeZone(property), ...slot, locale })],
      })
    }
    const [operator] = await tx.select({ email: profiles.email, first_name: profiles.first_name }).from(profiles).where(eq(profiles.id, property.operator_id)).limit(1)
    if (operator?.email) {
      await enqueueEmail(tx, {
        to: operator.email,
        ...templates.tourRescheduleAnswered({ operator_name: operator.first_name ?? '', visitor_name: tour.visitor_name, property_name: property.name, ...slot, time_zone: homeZone(property), accepted }, await recipientLocale(tx, property.operator_id)),
      })
    }
    await notify(tx, property.operator_id, {
      type: accepted ? 'tour_reschedule_accepted' : 'tour_reschedule_declined',
      title: accepted ? 'New tour time accepted' : 'New tour time declined',
      body: accepted
        ? `${tour.visitor_name} accepted ${slotText(slot.scheduled_date, slot.scheduled_time, homeZone(property))} for ${property.name}. The tour is confirmed.`
        : `${tour.visitor_name} declined ${slotText(slot.scheduled_date, slot.scheduled_time, homeZone(property))} for ${property.name}. The tour is cancelled.`,
      link: '/operator-dashboard?tab=tours',
    })
    return { status: accepted ? ('confirmed' as const) : ('cancelled' as const), tour: { ...summary(found), ...(accepted ? slot : {}) } }
  })
  return result
}
