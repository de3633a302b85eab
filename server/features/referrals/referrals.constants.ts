/**
 * The referral's statuses, referrer roles and genders with their labels,
 * without zod: the client's cards and lists that only show them (/browse,
 * /property/:id through the shared labels) import them from here and so do
 * without the validators' library (referrals.schemas.ts re-exports them).
 */

/** A referrer's active referrals: the ones an operator can be invited to or decline. */
export const ACTIVE_REFERRAL_STATUSES = ['pending', 'matched', 'reviewing'] as const

export const REFERRER_ROLES = ['case-manager', 'social-worker', 'family', 'guardian', 'other'] as const
export const REFERRER_ROLE_LABELS: Record<(typeof REFERRER_ROLES)[number], string> = {
  'case-manager': 'Case Manager',
  'social-worker': 'Social Worker',
  family: 'Family Member',
  guardian: 'Legal Guardian',
  other: 'Other',
}
export const GENDERS = ['male', 'female', 'other'] as const
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { male: 'Male', female: 'Female', other: 'Other' }
