import { z } from 'zod'
import { CLOSE_OUTCOMES, DECLINE_REASONS, DECLINE_SOURCES } from '../../db/enums'

/**
 * How homes answer a referral and how a referrer closes one.
 * The value lists are in db/enums.ts (the CHECK constraints use them); their
 * labels and validators are here, shared by the server and the client forms.
 */
export { CLOSE_OUTCOMES, DECLINE_REASONS, DECLINE_SOURCES }
export type DeclineReason = (typeof DECLINE_REASONS)[number]
export const DECLINE_REASON_LABELS: Record<DeclineReason, string> = {
  no_bed: 'No bed available',
  level_of_care: 'Level of care',
  funding: 'Funding',
  location: 'Location',
  gender_age: 'Gender / age',
  behavioural: 'Behavioural needs',
  other: 'Other',
}

export type CloseOutcome = (typeof CLOSE_OUTCOMES)[number]
export const CLOSE_OUTCOME_LABELS: Record<CloseOutcome, string> = {
  placed_homeward: 'Placed through Homeward',
  placed_elsewhere: 'Placed elsewhere',
  no_longer_needed: 'No longer needed',
  other: 'Other',
}

export const NOTE_MAX = 1000
const CHOOSE_REASON = 'Please choose a reason from the list'
const OTHER_NEEDS_NOTE = 'Please add a note when the reason is Other'

const note = z
  .string({ error: 'Invalid note' })
  .trim()
  .max(NOTE_MAX, `Note must be less than ${NOTE_MAX} characters`)
  .nullish()
  .transform((v) => v || null)

/** "Not a fit" (matched or invited operator). */
export const declineSchema = z
  .object({
    reason: z.enum(DECLINE_REASONS, { error: CHOOSE_REASON }),
    note,
    /** The referrer sees the reason either way; the home's name only when this is false. */
    anonymous: z.boolean({ error: 'Invalid anonymous flag' }).default(false),
  })
  .refine((d) => d.reason !== 'other' || !!d.note, { message: OTHER_NEEDS_NOTE, path: ['note'] })
export type DeclineInput = z.input<typeof declineSchema>

const CHOOSE_OUTCOME = 'Please choose an outcome from the list'
export const closeReferralSchema = z
  .object({
    outcome: z.enum(CLOSE_OUTCOMES, { error: CHOOSE_OUTCOME }),
    note,
  })
  .refine((d) => d.outcome !== 'other' || !!d.note, { message: 'Please add a note when the outcome is Other', path: ['note'] })
export type CloseReferralInput = z.input<typeof closeReferralSchema>

/** Admin funnel window: the last 30 or 90 days. */
export const funnelQuerySchema = z.object({
  days: z.enum(['30', '90'], { error: 'Days must be 30 or 90' }).default('30').transform(Number),
})
