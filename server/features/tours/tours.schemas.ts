import { z } from 'zod'
import { emailField } from '../auth/auth.schemas'

/** The tour request rules, shared by the server and the Schedule a Tour dialog. */
export const TOUR_NOTES_MAX = 500
export const TIME_FORMAT = /^([01]\d|2[0-3]):[0-5]\d$/
export const DATE_FORMAT = /^\d{4}-\d{2}-\d{2}$/
export const TOUR_PREMIUM_MESSAGE = 'validation.tours.tourPremium'
export const PAST_DATE_MESSAGE = 'validation.tours.pastDate'

/** A real calendar day in yyyy-MM-dd (rejects 2025-02-30). */
export const isCalendarDate = (value: string) => {
  if (!DATE_FORMAT.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** A blank time is a missing answer, not a malformed one; a typed one must be HH:mm (24-hour, what the browser's time control sends). */
export const TIME_REQUIRED_MESSAGE = 'Time is required'
const timeField = z.string({ error: TIME_REQUIRED_MESSAGE }).min(1, TIME_REQUIRED_MESSAGE).regex(TIME_FORMAT, 'Invalid time format')

export const tourRequestSchema = z.object({
  property_id: z.string({ error: 'Property is required' }).min(1, 'Property is required').max(100, 'Property is required'),
  visitor_name: z
    .string({ error: 'Name must be at least 2 characters' })
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(100, 'Name is too long'),
  visitor_email: emailField,
  visitor_phone: z
    .string({ error: 'Phone number is too short' })
    .trim()
    .regex(/^[0-9\s\-+()]*$/, 'Invalid phone number format')
    .min(10, 'Phone number is too short')
    .max(20, 'Phone number is too long'),
  scheduled_date: z
    .string({ error: 'Please select a date' })
    .min(1, 'Please select a date')
    .refine(isCalendarDate, 'Please select a date'),
  scheduled_time: timeField,
  notes: z
    .string({ error: 'Notes must be less than 500 characters' })
    .trim()
    .max(TOUR_NOTES_MAX, 'Notes must be less than 500 characters')
    .nullish()
    .transform((v) => v ?? ''),
})

export type TourRequestInput = z.input<typeof tourRequestSchema>

/** The operator proposes a new slot; the server also refuses a slot in the past (in the home's time zone). */
export const RESCHEDULE_PAST_MESSAGE = 'validation.tours.reschedulePast'
export const RESCHEDULE_SAME_MESSAGE = 'validation.tours.rescheduleSame'
/** The e-mailed answer link works once, for at most this many days (and never past the proposed slot). */
export const RESCHEDULE_LINK_DAYS = 7

export const tourRescheduleSchema = z.object({
  scheduled_date: z
    .string({ error: 'Please select a date' })
    .min(1, 'Please select a date')
    .refine(isCalendarDate, 'Please select a date'),
  scheduled_time: timeField,
})
export type TourRescheduleInput = z.input<typeof tourRescheduleSchema>

/** The visitor's answer through the e-mailed link. */
export const rescheduleAnswerSchema = z.object({
  answer: z.enum(['accept', 'decline'], { error: 'Please accept or decline the new time' }),
})
export type RescheduleAnswer = z.output<typeof rescheduleAnswerSchema>['answer']
