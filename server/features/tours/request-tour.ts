import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import { tour_schedules } from '../../db/schema'
import { invalid, notFound, premiumRequired } from '../../errors'
import { clock, HOUR } from '../../lib/clock'
import { limiter } from '../../lib/rate-limit'
import { emailLayout } from '../../mail/layout'
import { enqueueEmail } from '../../mail/outbox'
import { recipientLocale } from '../../mail/recipient'
import { mailSlot } from '../../mail/mail-format'
import { type Locale, translate, type Values } from '../../i18n'
import { notify } from '../notifications'
import { premiumSql } from '../billing'
import { homeZone } from '../geo'
import { PROPERTY_NOT_FOUND, VISIBLE_PROPERTY } from '../properties'
import { row } from '../../db/raw'
import { slotText } from '../../lib/slot-text'
import { TOUR_REQUESTS_PATH } from './claim-guest-tours'
import { PAST_DATE_MESSAGE, TOUR_PREMIUM_MESSAGE, type tourRequestSchema } from './tours.schemas'
import type { z } from 'zod'

/** Anyone may request a tour without an account; this bounds e-mail to operators per visitor. */
const tourLimiter = limiter('tour-requests', 20, HOUR, () => 'tours.tooManyRequests')

/**
 * The earliest calendar day that is still "today" somewhere in the US
 * (UTC-12 covers every US zone). The server does not know the visitor's
 * time zone, so it refuses only days that are past for everyone; the
 * dialog's calendar already blocks past days in the visitor's own zone.
 */
export const earliestAllowedDate = (nowMs = clock.ms()) => new Date(nowMs - 12 * HOUR).toISOString().slice(0, 10)

type Target = { id: string; name: string; operator_id: string; premium: number; operator_email: string; state: string; zip_code: string; time_zone: string | null }

/**
 * Schedule a Tour: premium properties only (403
 * premium_required), never a past day. Checks the property and its
 * operator's plan, stores the request and tells the operator in the app and
 * by e-mail (outbox), all in one transaction.
 */
export async function requestTour(db: Executor, input: z.output<typeof tourRequestSchema>, by: { user_id: string | null; ip: string | null; locale?: Locale }) {
  if (input.scheduled_date < earliestAllowedDate()) throw invalid(PAST_DATE_MESSAGE, { scheduled_date: PAST_DATE_MESSAGE })
  // Every request counts, also one for a property that is not listed: probing ids is what the limit is for.
  // Taken before the unit of work: on PostgreSQL the count is a write of its own (server/lib/rate-limit.ts).
  await tourLimiter.consume(db, by.ip ?? 'unknown')
  const tour = await transaction(db, async (tx) => {
    const now = clock.ms()
    const property = await row<Target>(
      tx,
      sql`SELECT p.id, p.name, p.operator_id, p.state, p.zip_code, p.time_zone, ${premiumSql('p.operator_id', now)} AS premium, pr.email AS operator_email
       FROM properties p JOIN profiles pr ON pr.id = p.operator_id
       WHERE p.id = ${input.property_id} AND ${VISIBLE_PROPERTY(now)}`,
    )
    if (!property) throw notFound(PROPERTY_NOT_FOUND)
    if (!property.premium) throw premiumRequired(TOUR_PREMIUM_MESSAGE)
    // The slot in the home's own zone, in the same words on every screen and e-mail: 'Wed, Dec 16, 2026 at 10:00 AM MST'.
    const when = slotText(input.scheduled_date, input.scheduled_time, homeZone(property))

    const [tour] = await tx
      .insert(tour_schedules)
      .values({
        property_id: property.id,
        visitor_name: input.visitor_name,
        visitor_email: input.visitor_email,
        visitor_phone: input.visitor_phone,
        scheduled_date: input.scheduled_date,
        scheduled_time: input.scheduled_time,
        notes: input.notes,
        requested_by: by.user_id,
      })
      .returning()
    // Each e-mail in its reader's language (ADR 037): the operator's saved one; the visitor's saved one, or for a
    // guest the language of the request she made (the receipt is sent now).
    const operatorLocale = await recipientLocale(tx, property.operator_id)
    const visitorLocale = by.user_id ? await recipientLocale(tx, by.user_id) : (by.locale ?? 'en')
    const t = (key: string, values?: Values) => translate(operatorLocale, key, values)!
    const slotFor = (locale: Locale) => mailSlot(input.scheduled_date, input.scheduled_time, homeZone(property), locale)
    const mail = emailLayout({
      locale: operatorLocale,
      subject: t('mail.tourRequest.subject', { home: property.name }),
      paragraphs: [
        t('mail.tourRequest.wouldLike', { visitor: input.visitor_name, home: property.name, slot: slotFor(operatorLocale) }),
        t('mail.tourRequest.contact', { email: input.visitor_email, phone: input.visitor_phone }),
        // The visitor's note may describe the person's care needs: it is sealed and read on the dashboard, never e-mailed.
        ...(input.notes ? [t('mail.tourRequest.note')] : []),
        t('mail.tourRequest.next'),
      ],
      action: { label: t('mail.tourRequested.action'), path: '/operator-dashboard?tab=tours' },
    })
    await enqueueEmail(tx, { to: property.operator_email, type: 'tour_requested', ...mail })
    // The one who asked gets a record of it: what, where, when, its status, and that the home will answer.
    // A guest learns how the request becomes hers: an account with this address, once the address is confirmed (claim-guest-tours.ts).
    const v = (key: string, values?: Values) => translate(visitorLocale, key, values)!
    const receipt = emailLayout({
      locale: visitorLocale,
      subject: v('mail.tourReceipt.subject', { home: property.name }),
      greeting: v('mail.layout.helloName', { name: input.visitor_name }),
      paragraphs: [
        v('mail.tourReceipt.sent', { home: property.name, slot: slotFor(visitorLocale) }),
        v('mail.tourReceipt.status', { status: v('mail.tourReceipt.pending') }),
        v('mail.tourReceipt.next'),
        by.user_id ? v('mail.tourReceipt.follow') : v('mail.tourReceipt.createAccount', { email: input.visitor_email }),
      ],
      action: by.user_id ? { label: v('mail.tourReceipt.seeRequests'), path: TOUR_REQUESTS_PATH } : { label: v('mail.tourReceipt.createAction'), path: '/auth?mode=signup&as=referrer' },
    })
    await enqueueEmail(tx, { to: input.visitor_email, type: 'tour_request_received', ...receipt })
    await notify(tx, property.operator_id, {
      type: 'tour_requested',
      title: 'New tour request',
      body: `${input.visitor_name} asked to tour ${property.name} on ${when}.`,
      link: '/operator-dashboard?tab=tours',
    })
    return tour
  })
  return {
    id: tour.id,
    property_id: tour.property_id,
    visitor_name: tour.visitor_name,
    visitor_email: tour.visitor_email,
    visitor_phone: tour.visitor_phone,
    scheduled_date: tour.scheduled_date,
    scheduled_time: tour.scheduled_time,
    notes: tour.notes,
    status: tour.status,
    is_confirmed: false as const,
    created_at: tour.created_at.toISOString(),
  }
}
