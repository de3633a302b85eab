import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { referrals } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { conflict, notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { sendReviewRequest } from '../reviews'

/** 'Send Review Request' on a placed referral: a new single-use link to the referrer, audited. */
export async function requestReview(db: Executor, opts: { referralId: string; actor: Actor }) {
  return transaction(db, async (tx) => {
    const [referral] = await forUpdate(
      tx.select({ id: referrals.id, status: referrals.status }).from(referrals).where(eq(referrals.id, opts.referralId)).limit(1),
    )
    if (!referral) throw notFound('errors.referralNotFound')
    if (referral.status !== 'placed') throw conflict('not_placed', 'admin.reviewRequestsOnlySentPlaced')
    await sendReviewRequest(tx, referral.id)
    await writeAudit(tx, opts.actor, { action: 'review_request_sent', resource_type: 'referral', resource_id: referral.id })
    return { ok: true as const }
  })
}
