/**
 * The one plan definition: the pricing page renders it and the server
 * enforces it (entitlements.ts). Pure data, safe to import from the client.
 */
export type PlanLimits = {
  maxProperties: number
  maxPhotosPerProperty: number
  maxVideosPerProperty: number
  maxBioLength: number
  tourScheduling: boolean
  analytics: boolean
  referralBrowsing: boolean
  videos: boolean
  emailSignature: boolean
}

export const MAX_PHOTOS = 10
export const MAX_VIDEOS = 3
export const FREE_BIO_LENGTH = 150
export const PREMIUM_BIO_LENGTH = 2000
/** Why a photo past the free plan's one per home is not added (the upload's refusal, and each file it leaves). */
export const FREE_PHOTO_MESSAGE = 'The free plan includes 1 photo per property. Upgrade to Premium for up to 10 photos.'

export const PLAN_LIMITS: Record<'free' | 'premium', PlanLimits> = {
  free: {
    maxProperties: 1,
    maxPhotosPerProperty: 1,
    maxVideosPerProperty: 0,
    maxBioLength: FREE_BIO_LENGTH,
    tourScheduling: false,
    analytics: false,
    referralBrowsing: false,
    videos: false,
    emailSignature: false,
  },
  premium: {
    maxProperties: Number.POSITIVE_INFINITY,
    maxPhotosPerProperty: MAX_PHOTOS,
    maxVideosPerProperty: MAX_VIDEOS,
    maxBioLength: PREMIUM_BIO_LENGTH,
    tourScheduling: true,
    analytics: true,
    referralBrowsing: true,
    videos: true,
    emailSignature: true,
  },
}

/**
 * The messaging rule, said in these words on the pricing page, the dashboard's
 * plan card and a free operator's Messages tab. A conversation opens only
 * through interest, an unlock or an invitation, and each of those needs
 * Premium (the marketplace and invitations refuse free operators); a free
 * operator keeps the conversations opened while they were Premium.
 */
export const MESSAGING_RULE = 'Messaging with referrers comes with Premium: a conversation opens when you express interest in or unlock a referral, or when a referrer invites you.'

/** Rows of the pricing page's comparison table: [feature, free, premium]. */
export const PLAN_COMPARISON: Array<[string, string, string]> = [
  ['Property listings', '1 property', 'Unlimited'],
  ['Photos per property', '1 photo', `Up to ${MAX_PHOTOS} photos`],
  ['Property videos', '—', `Up to ${MAX_VIDEOS} per property`],
  ['Profile bio', `${FREE_BIO_LENGTH} characters`, 'Full bio'],
  ['Tour scheduling', '—', 'Included'],
  ['Browse client referrals', '—', 'Included'],
  ['Profile analytics', '—', 'Included'],
  ['Direct invitations from referrers', '—', 'Included'],
  ['Priority in search results', '—', 'Included'],
  ['E-mail signature & QR sharing', 'QR code only', 'Included'],
  ['Messaging with referrers', '—', 'Included'],
  ['Referral notifications', 'Included', 'Included'],
]
