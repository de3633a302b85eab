import { eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { referrals } from '../../db/schema'
import { conflict, notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { sendReviewRequest } from '../reviews'

/** 'Send Review Request' on a placed referral: a new single-use link to the referrer, audited. */
export function requestReview(opts: { referralId: string; actor: Actor }) {
  return db.transaction((tx) => {
    const referral = tx.select({ id: referrals.id, status: referrals.status }).from(referrals).where(eq(referrals.id, opts.referralId)).get()
    if (!referral) throw notFound('Referral not found')
    if (referral.status !== 'placed') throw conflict('not_placed', 'Review requests can only be sent for placed referrals')
    sendReviewRequest(tx, referral.id)
    writeAudit(tx, opts.actor, { action: 'review_request_sent', resource_type: 'referral', resource_id: referral.id })
    return { ok: true as const }
  })
}
