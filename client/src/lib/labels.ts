import { GENDER_LABELS, REFERRER_ROLE_LABELS } from '@server/features/referrals/referrals.constants'
import { CARE_LEVEL_LABELS, FUNDING_SOURCE_LABELS, TIMELINE_LABELS } from '@server/features/care/care-extras.constants'
import { US_STATES } from '@server/features/geo/states'

/**
 * What a person reads for a stored value: the words the forms use for it.
 * Screens show values through these, never the raw value ('female',
 * 'widowed', 'case-manager', 'in_progress'), so a value reads the same on
 * every screen. An unknown value falls back to a readable form of itself.
 */

/** 'not-enrolled' → 'Not enrolled' (how the referral form's plain lists spell their options). */
export const humanize = (value: string) => {
  const words = value.replace(/[-_]+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const lookup = (labels: Record<string, string>) => (value: string | null | undefined) => (value ? (labels[value] ?? humanize(value)) : '')

export const MARITAL_STATUS_LABELS: Record<string, string> = {
  single: 'Single',
  married: 'Married',
  divorced: 'Divorced',
  separated: 'Separated',
  widowed: 'Widowed',
  other: 'Other',
}
export const MEDICAID_STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  pending: 'Pending',
  'not-enrolled': 'Not enrolled',
  unknown: 'Unknown',
}

/**
 * The one wording of a licensing type, on the dashboard and in public alike:
 * the forms offer 'Unlicensed / family-operated', and a home or operator
 * without a licence is shown as Family-Operated everywhere.
 */
export const LICENSING_LABELS: Record<string, string> = {
  licensed: 'Licensed',
  in_progress: 'Licensing In Progress',
  unlicensed: 'Family-Operated',
}

/** Referral statuses as the admin's select and the badges name them. */
export const REFERRAL_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  reviewing: 'Reviewing',
  matched: 'Matched',
  placed: 'Placed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
}

/** Subscription statuses of the admin's Subscriptions list. */
export const SUBSCRIPTION_STATUS_LABELS: Record<string, string> = {
  none: 'None',
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment past due',
  canceled: 'Cancelled',
  cancelled: 'Cancelled',
  incomplete: 'Incomplete',
  unpaid: 'Unpaid',
}

export const genderLabel = lookup(GENDER_LABELS)
export const maritalStatusLabel = lookup(MARITAL_STATUS_LABELS)
export const medicaidStatusLabel = lookup(MEDICAID_STATUS_LABELS)
export const referrerRoleLabel = lookup(REFERRER_ROLE_LABELS)
/** An unknown licensing type is treated as unlicensed, as the server does. */
export const licensingLabel = (value: string | null | undefined) => LICENSING_LABELS[value ?? ''] ?? LICENSING_LABELS.unlicensed!
export const referralStatusLabel = lookup(REFERRAL_STATUS_LABELS)
export const subscriptionStatusLabel = lookup(SUBSCRIPTION_STATUS_LABELS)
export const careLevelLabel = lookup(CARE_LEVEL_LABELS)
export const fundingSourceLabel = lookup(FUNDING_SOURCE_LABELS)
export const timelineLabel = lookup(TIMELINE_LABELS)
/** 'TX' → 'Texas', as the form's state select shows it. */
export const stateLabel = (code: string | null | undefined) => (code ? (US_STATES[code.toUpperCase()] ?? code) : '')

/** Beside Schedule Tour when JavaScript is off (the button needs it; index.html hides it). */
export const TOUR_NEEDS_SCRIPT = 'Scheduling a tour needs JavaScript. Turn it on in your browser’s settings and reload the page.'
