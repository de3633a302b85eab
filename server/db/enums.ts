/**
 * The fixed value lists of the data model. Pure data (no drizzle), so the CLI
 * can offer them as choices without loading the database layer.
 */
export const ROLES = ['admin', 'referrer', 'operator'] as const
export const LICENSING_TYPES = ['licensed', 'in_progress', 'unlicensed'] as const
export const TIERS = ['free', 'premium'] as const
export const SUBSCRIPTION_STATUSES = ['none', 'trialing', 'active', 'past_due', 'canceled', 'incomplete'] as const
export const REFERRAL_STATUSES = ['pending', 'reviewing', 'matched', 'placed', 'rejected', 'cancelled'] as const
/** How much of a referral an operator sees: masked until unlocked (a referral is stored masked). */
export const VISIBILITY_LEVELS = ['masked', 'unlocked'] as const
/** Who opened a referral's private data, in its access log (privacy/disclosures.ts). */
export const VIEWER_ROLES = ['operator', 'admin', 'system'] as const
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
/** How a referrer wants her referral fee paid, and how an admin paid it (payout_details.method, payouts.method). */
export const PAYOUT_METHODS = ['check', 'ach', 'other'] as const
export type PayoutMethod = (typeof PAYOUT_METHODS)[number]
/** An operator's interest in a referral: the one value the app writes ('interested' is the pending state; none other is stored). */
export const INTEREST_STATUSES = ['interested'] as const
/** Which side uploaded a referral document: the other side may sign it. */
export const UPLOADER_ROLES = ['operator', 'referrer'] as const
/** A review's moderation by the operator; the source of truth for reviews.operator_approved (ADR 019). */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const
/**
 * Tour statuses. `completed` is never stored: a confirmed tour whose
 * time has passed is shown as completed by the server (tours/tour-status.ts),
 * so it can never disagree with the clock.
 */
export const TOUR_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'rescheduling'] as const
export const STORED_TOUR_STATUSES = ['pending', 'confirmed', 'cancelled', 'rescheduling'] as const
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const
export const JOB_STATUSES = ['pending', 'running', 'done', 'failed', 'cancelled'] as const
/** How homes answer a referral and how a referrer closes one; labels and validators in referrals/responses.schemas.ts. */
export const DECLINE_REASONS = ['no_bed', 'level_of_care', 'funding', 'location', 'gender_age', 'behavioural', 'other'] as const
export const DECLINE_SOURCES = ['match', 'invitation'] as const
export const CLOSE_OUTCOMES = ['placed_homeward', 'placed_elsewhere', 'no_longer_needed', 'other'] as const
/**
 * Care extras: the care a home gives and a client needs, how a
 * placement is paid, how soon it is needed, and what a home or operator
 * offers. Stored as values; labels and validators in features/care/care-extras.schemas.ts.
 */
export const CARE_LEVELS = ['independent', 'supervised', 'assisted', 'skilled'] as const
export const FUNDING_SOURCES = ['private_pay', 'medicaid_waiver', 'medicare', 'ssi_ssdi', 'va', 'other'] as const
export const TIMELINES = ['immediately', 'within_2_weeks', 'within_30_days', 'flexible'] as const
export const ROOM_TYPES = ['private', 'semi_private', 'shared', 'private_bath', 'accessible'] as const
export const NEARBY_SERVICES = ['hospital', 'clinic', 'pharmacy', 'transit', 'grocery', 'day_program', 'park', 'place_of_worship'] as const
/**
 * The languages a home's staff speak (a property's `languages`): BCP 47 tags, the
 * ISO 639-1 code where there is one (ISO 639-3 `ase`, American Sign Language, has
 * none). English, then the languages most spoken at home in the United States
 * (Census Bureau, American Community Survey), then ASL. A fixed list, so the
 * CHECK, the form and the feeds agree; names in care-extras.constants.ts.
 */
export const SPOKEN_LANGUAGES = [
  'en', 'es', 'zh', 'tl', 'vi', 'ar', 'fr', 'ko', 'ru', 'ht', 'pt', 'de', 'hi', 'pl', 'ur', 'fa', 'ja', 'it', 'ase',
] as const
export const SPECIALIZATIONS = [
  'dementia_care',
  'developmental_disabilities',
  'mental_health',
  'substance_use_recovery',
  'physical_disabilities',
  'traumatic_brain_injury',
  'medically_complex',
  'hospice_palliative',
  'veterans',
] as const
/** An operator's license check (profiles.verification_status) and the state of each uploaded proof. */
export const VERIFICATION_STATUSES = ['unverified', 'pending', 'verified', 'rejected'] as const
export const LICENSE_PROOF_STATUSES = ['pending', 'verified', 'rejected', 'superseded'] as const
/** The review categories, each rated 1-5 beside the overall rating; column `<category>_rating`. */
export const REVIEW_CATEGORIES = ['communication', 'professionalism', 'facility_quality', 'overall_experience'] as const
