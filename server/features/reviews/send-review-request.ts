import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { referrals, review_requests } from '../../db/schema'
import { notFound } from '../../errors'
import { clock, DAY } from '../../lib/clock'
import { emailLayout } from '../../mail/layout'
import { enqueueEmail } from '../../mail/outbox'
import { generateSessionToken, hashToken } from '../auth/session'

export const REVIEW_LINK_DAYS = 90

/**
 * Sends the review-request e-mail for a placed referral: a single-use token
 * (only its hash is stored) in a link to /review/{referralId}?token=...
 * Call inside the transaction that placed the referral.
 */
export function sendReviewRequest(tx: Executor, referralId: string) {
  const referral = tx.select().from(referrals).where(eq(referrals.id, referralId)).get()
  if (!referral) throw notFound('Referral not found')
  const token = generateSessionToken()
  tx.insert(review_requests)
    .values({
      referral_id: referralId,
      token_hash: hashToken(token),
      sent_to: referral.referrer_email,
      expires_at: new Date(clock.ms() + REVIEW_LINK_DAYS * DAY),
    })
    .run()
  const mail = emailLayout({
    subject: 'How did the placement go? Share your experience',
    greeting: `Hello ${referral.referrer_name},`,
    paragraphs: [
      `Your referral for ${referral.client_first_name.charAt(0)}. has been placed. We would love to hear how it went.`,
      'Your review helps other case managers and families choose a home. The operator reviews it before it appears publicly.',
    ],
    action: { label: 'Share Your Experience', path: `/review/${referralId}?token=${token}` },
  })
  enqueueEmail(tx, { to: referral.referrer_email, type: 'review_request', referral_id: referralId, ...mail })
  return { token }
}
