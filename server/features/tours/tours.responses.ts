import { z } from 'zod'
import { STORED_TOUR_STATUSES, TOUR_STATUSES } from '../../db/enums'
import { isoTime } from '../../lib/openapi'

/** Response bodies of the tour routes (OpenAPI; the services' return values). */
const tourFields = {
  id: z.string(),
  property_id: z.string(),
  visitor_name: z.string(),
  visitor_email: z.string(),
  visitor_phone: z.string(),
  scheduled_date: z.string().describe('YYYY-MM-DD, at the home'),
  scheduled_time: z.string().describe('HH:MM, at the home'),
  notes: z.string(),
  created_at: z.string(),
}
const timeZone = z.string().describe('The home\'s IANA time zone (e.g. America/Denver): the slot is its wall-clock time')

/** POST /api/tours: the new request (pending). */
export const tourRequestedSchema = z.object({ ...tourFields, status: z.enum(STORED_TOUR_STATUSES), is_confirmed: z.literal(false) })

/** tourView(): a tour as its operator sees it. */
export const tourSchema = z.object({
  ...tourFields,
  time_zone: timeZone,
  status: z.enum(TOUR_STATUSES),
  is_confirmed: z.boolean(),
  proposed_date: z.string().nullable().describe('While a new time is proposed (rescheduling)'),
  proposed_time: z.string().nullable(),
})
export const tourAnswerSchema = z.object({ tour: tourSchema })

/** What a reschedule link proposes (no sign-in). */
export const rescheduleProposalSchema = z.object({
  property: z.object({ id: z.string(), name: z.string(), city: z.string(), state: z.string(), time_zone: timeZone }),
  visitor_name: z.string(),
  scheduled_date: z.string(),
  scheduled_time: z.string(),
  proposed_date: z.string(),
  proposed_time: z.string(),
  expires_at: z.string(),
})
export const rescheduleAnsweredSchema = z.object({ status: z.enum(['confirmed', 'cancelled']), tour: rescheduleProposalSchema })

/** GET /api/my/tours: the operator's tours by date and time, in three lists. */
const myTourSchema = tourSchema.extend({
  proposal_expires_at: isoTime.nullable().describe('While rescheduling: when the visitor’s answer link stops working'),
  property: z.object({ id: z.string(), name: z.string(), city: z.string(), state: z.string(), operator_id: z.string(), time_zone: timeZone }),
})
export const myToursSchema = z.object({
  upcoming: z.array(myTourSchema).describe('Pending, confirmed and not over yet, or rescheduling'),
  completed: z.array(myTourSchema).describe('Confirmed and over'),
  cancelled: z.array(myTourSchema),
})

/** GET /api/my/tour-requests: the tours the signed-in user asked for, newest first. */
export const requestedToursSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      property: z.object({ id: z.string(), name: z.string(), city: z.string(), state: z.string(), time_zone: timeZone }),
      scheduled_date: z.string().describe('YYYY-MM-DD, at the home'),
      scheduled_time: z.string().describe('HH:MM, at the home'),
      status: z.enum(TOUR_STATUSES),
      proposed_date: z.string().nullable().describe('While the home proposes a new time (rescheduling)'),
      proposed_time: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
})
