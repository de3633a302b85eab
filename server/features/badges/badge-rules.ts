/**
 * The badges an operator earns from data, their thresholds and
 * their explanations: the one place they are defined. The server computes the
 * badges with these numbers (operator-badges.ts) and the client quotes the
 * same texts in the badge tooltips and the help pages, so what a badge claims
 * and what the server checks cannot drift apart. Pure: safe for the client.
 */

/** Top Rated: the average overall rating of approved reviews is at least this... */
export const TOP_RATED_MIN_AVERAGE = 4.5
/** ...over at least this many approved reviews. */
export const TOP_RATED_MIN_REVIEWS = 3

/** Quick Response: the median response time is at most this many hours... */
export const QUICK_RESPONSE_MAX_MEDIAN_HOURS = 24
/** ...over referrals that reached the operator in this many days... */
export const QUICK_RESPONSE_WINDOW_DAYS = 90
/** ...counting at least this many answered referrals. */
export const QUICK_RESPONSE_MIN_SAMPLES = 3

export const BADGE_KEYS = ['verified', 'premium', 'top_rated', 'quick_response'] as const
export type BadgeKey = (typeof BADGE_KEYS)[number]

export const BADGE_LABELS: Record<BadgeKey, string> = {
  verified: 'Verified',
  premium: 'Premium',
  top_rated: 'Top Rated',
  quick_response: 'Quick Response',
}

const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1))

/** What each badge means, in the words the tooltip and the help page use. */
export const BADGE_EXPLANATIONS: Record<BadgeKey, string> = {
  verified: 'An admin checked this operator\'s license proof. A licensed operator who is verified is shown as State Licensed.',
  premium: 'This operator has a Premium membership.',
  top_rated: `An average rating of ${num(TOP_RATED_MIN_AVERAGE)} or more (as shown, to one decimal) over at least ${TOP_RATED_MIN_REVIEWS} approved reviews of this operator's homes.`,
  quick_response: `The median time from a referral reaching this operator (a match notification or an invitation) to their first answer on it (interest or a message) is ${QUICK_RESPONSE_MAX_MEDIAN_HOURS} hours or less, over at least ${QUICK_RESPONSE_MIN_SAMPLES} referrals that reached them in the last ${QUICK_RESPONSE_WINDOW_DAYS} days and that they answered.`,
}

export type Badge = { key: BadgeKey; label: string; description: string }

/**
 * A badge as the API sends it. Premium is one badge however the membership
 * is paid for: how an account is billed (paid, trial, a complimentary grant)
 * is not the public's business.
 */
export function badge(key: BadgeKey): Badge {
  return { key, label: BADGE_LABELS[key], description: BADGE_EXPLANATIONS[key] }
}
