/**
 * The fixed value lists of the data model. Pure data (no drizzle), so the CLI
 * can offer them as choices without loading the database layer.
 */
export const ROLES = ['admin', 'referrer', 'operator'] as const
export const LICENSING_TYPES = ['licensed', 'in_progress', 'unlicensed'] as const
export const TIERS = ['free', 'premium'] as const
export const SUBSCRIPTION_STATUSES = ['none', 'trialing', 'active', 'past_due', 'canceled', 'incomplete'] as const
export const REFERRAL_STATUSES = ['pending', 'reviewing', 'matched', 'placed', 'rejected', 'cancelled'] as const
export const PAYMENT_STATUSES = [
  'pending', // checkout opened; holds the escrow slot for CHECKOUT_HOLD_MINUTES
  'held_in_escrow',
  'released_to_referrer',
  'refunded',
  'expired', // checkout abandoned or expired; frees the slot
] as const
/** Statuses that occupy a referral's single escrow slot (unique partial index below). */
export const SLOT_STATUSES = ['pending', 'held_in_escrow'] as const
export const WAITLIST_STATUSES = ['waiting', 'notified', 'left', 'expired', 'converted'] as const
export const ACTIVE_WAITLIST_STATUSES = ['waiting', 'notified'] as const
export const PLACEMENT_ANSWERS = ['placed', 'not_placed'] as const
/**
 * Tour statuses (issue 15). `completed` is never stored: a confirmed tour whose
 * time has passed is shown as completed by the server (tours/tour-status.ts),
 * so it can never disagree with the clock.
 */
export const TOUR_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'rescheduling'] as const
export const STORED_TOUR_STATUSES = ['pending', 'confirmed', 'cancelled', 'rescheduling'] as const
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const
export const JOB_STATUSES = ['pending', 'running', 'done', 'failed', 'cancelled'] as const
/** How homes answer a referral and how a referrer closes one (issue 17); labels and validators in referrals/responses.schemas.ts. */
export const DECLINE_REASONS = ['no_bed', 'level_of_care', 'funding', 'location', 'gender_age', 'behavioural', 'other'] as const
export const DECLINE_SOURCES = ['match', 'invitation'] as const
export const CLOSE_OUTCOMES = ['placed_homeward', 'placed_elsewhere', 'no_longer_needed', 'other'] as const
/** Issue 15: an operator's license check (profiles.verification_status) and the state of each uploaded proof. */
export const VERIFICATION_STATUSES = ['unverified', 'pending', 'verified', 'rejected'] as const
export const LICENSE_PROOF_STATUSES = ['pending', 'verified', 'rejected', 'superseded'] as const
/** Issue 15: the review categories, each rated 1-5 beside the overall rating; column `<category>_rating`. */
export const REVIEW_CATEGORIES = ['communication', 'professionalism', 'facility_quality', 'overall_experience'] as const
