import type { MailAttachment } from '../../db/schema'
import { publicUrl } from '../../env'
import { clock, MINUTE } from '../../lib/clock'
import { slotStartMs } from '../../lib/home-time'
import { TOUR_MINUTES } from './tour-status'
import { type Locale, translate } from '../../i18n'

type Ics = typeof import('ics')
let ics: Ics | null = null

export type TourInvite = {
  tour_id: string
  property_id: string
  property_name: string
  address: string
  /** The home's IANA zone: the slot is its wall-clock time. */
  time_zone: string
  scheduled_date: string
  scheduled_time: string
  /** The visitor's language: the event's title and description are written in it. */
  locale?: Locale
}

/**
 * Returns a writer of a tour's calendar invitation (invite.ics), made by the
 * `ics` package. The package (with its validator) loads on the first confirmed
 * tour, not at start (README "Start-up"); the writer itself is synchronous so
 * it can run inside the transaction that confirms the tour.
 */
export async function calendarWriter(): Promise<(tour: TourInvite) => MailAttachment> {
  ics ??= await import('ics')
  const lib = ics
  return (tour) => {
    const { error, value } = lib.createEvent({
      productId: 'homeward/tours',
      method: 'PUBLISH',
      // One UID per tour: a later invitation (a new time) replaces the earlier one in the visitor's calendar.
      uid: `tour-${tour.tour_id}@homeward`,
      // SEQUENCE must grow with each version of the event; minutes since 1970 do, and fit in 32 bits.
      sequence: Math.floor(clock.ms() / MINUTE),
      // The slot is local to the home: stated in UTC, calendars show it in the reader's own zone.
      start: slotStartMs(tour.scheduled_date, tour.scheduled_time, tour.time_zone),
      startInputType: 'utc',
      startOutputType: 'utc',
      duration: { minutes: TOUR_MINUTES },
      title: translate(tour.locale ?? 'en', 'mail.tourInvite.title', { home: tour.property_name }),
      location: tour.address,
      description: translate(tour.locale ?? 'en', 'mail.tourInvite.description', { home: tour.property_name }),
      url: new URL(`/property/${encodeURIComponent(tour.property_id)}`, publicUrl()).toString(),
      status: 'CONFIRMED',
    })
    if (error || !value) throw new Error(`calendar invitation for tour ${tour.tour_id}: ${error?.message ?? 'empty'}`)
    return { filename: 'invite.ics', content_type: 'text/calendar; charset=utf-8; method=PUBLISH', content: value }
  }
}
