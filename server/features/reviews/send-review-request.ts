import { eq } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { properties, referrals, review_requests } from '../../db/schema'
import { notFound } from '../../errors'
import { clock, DAY } from '../../lib/clock'
import { enqueueEmail } from '../../mail/outbox'
import { clientInitials, templates } from '../../mail/templates'
import { generateSessionToken, hashToken } from '../auth'
import { recipientLocale } from '../../mail/recipient'

export const REVIEW_LINK_DAYS = 90

/**
 * Sends the review-request e-mail for a placed referral: a single-use token
 * (only its hash is stored) in a link to /review/{referralId}?token=...
 * Call inside the transaction that placed the referral.
 */
export async function sendReviewRequest(tx: Tx, referralId: string) {
  const [referral] = await tx.select().from(referrals).where(eq(referrals.id, referralId)).limit(1)
  if (!referral) throw notFound('errors.referralNotFound')
  const [property] = referral.matched_property_id
    ? await tx.select({ name: properties.name }).from(properties).where(eq(properties.id, referral.matched_property_id)).limit(1)
    : []
  const token = generateSessionToken()
  await tx.insert(review_requests).values({
    referral_id: referralId,
    token_hash: hashToken(token),
    sent_to: referral.referrer_email,
    expires_at: new Date(clock.ms() + REVIEW_LINK_DAYS * DAY),
  })
  const mail = templates.reviewRequest({
    referrer_name: referral.referrer_name,
    client_initials: clientInitials(referral.client_first_name, referral.client_last_name),
    referral_id: referralId,
    token,
    property_name: property?.name ?? null,
  }, await recipientLocale(tx, referral.referrer_user_id))
  await enqueueEmail(tx, { to: referral.referrer_email, referral_id: referralId, ...mail })
  return { token }
}
