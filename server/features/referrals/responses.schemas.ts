import { z } from 'zod'

/**
 * How homes answer a referral and how a referrer closes one (issue 17).
 * Shared by the database schema (CHECK lists), the server validators and the
 * client forms, so the lists and their labels exist once.
 */
export const DECLINE_REASONS = ['no_bed', 'level_of_care', 'funding', 'location', 'gender_age', 'behavioural', 'other'] as const
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
export const DECLINE_SOURCES = ['match', 'invitation'] as const

export const CLOSE_OUTCOMES = ['placed_homeward', 'placed_elsewhere', 'no_longer_needed', 'other'] as const
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
