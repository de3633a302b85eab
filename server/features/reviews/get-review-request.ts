import type { Executor } from '../../db/client'
import { checkReviewToken } from './review-token'

/**
 * What the review page shows for a link: the home being reviewed and the
 * referrer's name and e-mail to prefill. No client details: the link travels
 * by e-mail.
 */
export async function getReviewRequest(db: Executor, opts: { token: string; referralId?: string }) {
  const { request, referral, property } = await checkReviewToken(db, opts.token, opts.referralId)
  return {
    referral_id: referral.id,
    matched: !!property,
    property: property ? { id: property.id, name: property.name, city: property.city, state: property.state } : null,
    reviewer_name: referral.referrer_name,
    reviewer_email: request.sent_to,
    expires_at: request.expires_at,
  }
}
