import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { ACTIVE_WAITLIST_STATUSES, referral_interests, referral_payments, referral_waitlist, referrals } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { conflict } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { actionableReferral } from './marketplace-access'
import { touchTask } from '../referrals'

export const INTEREST_COMMITTED_MESSAGE =
  'marketplace.interestCommitted'

/**
 * DELETE /api/referrals/:id/interest: the operator takes back an interest
 * given by mistake or no longer meant. The count goes down by one; the
 * conversation already opened stays (messages are the referrer's record too).
 * Refused while a payment or a waitlist place of theirs stands on the referral
 * (both record interest). Idempotent: without an interest, nothing changes.
 * The referral's row is locked first (as expressing interest does), so a
 * withdrawal and an interest, or two withdrawals, take turns (ADR 024).
 */
export async function withdrawInterest(db: Executor, opts: { referralId: string; operatorId: string; actor: Actor }) {
  return transaction(db, async (tx) => {
    const referral = await actionableReferral(tx, opts.referralId, opts.operatorId)
    const [payment] = await tx
      .select({ id: referral_payments.id })
      .from(referral_payments)
      .where(
        and(
          eq(referral_payments.referral_id, referral.id),
          eq(referral_payments.operator_id, opts.operatorId),
          inArray(referral_payments.status, ['pending', 'held_in_escrow', 'released_to_referrer']),
        ),
      )
      .limit(1)
    const [waiting] = await tx
      .select({ id: referral_waitlist.id })
      .from(referral_waitlist)
      .where(
        and(
          eq(referral_waitlist.referral_id, referral.id),
          eq(referral_waitlist.operator_id, opts.operatorId),
          inArray(referral_waitlist.status, [...ACTIVE_WAITLIST_STATUSES]),
        ),
      )
      .limit(1)
    if (payment || waiting) throw conflict('interest_committed', INTEREST_COMMITTED_MESSAGE)
    const removed = await tx
      .delete(referral_interests)
      .where(and(eq(referral_interests.referral_id, referral.id), eq(referral_interests.operator_id, opts.operatorId)))
      .returning({ id: referral_interests.id })
    if (removed.length > 0) {
      await tx
        .update(referrals)
        .set({ interested_operators_count: sql`CASE WHEN ${referrals.interested_operators_count} > 0 THEN ${referrals.interested_operators_count} - 1 ELSE 0 END` })
        .where(eq(referrals.id, referral.id))
      await touchTask(tx, referral.id)
      await writeAudit(tx, opts.actor, { action: 'referral.interest_withdrawn', resource_type: 'referral', resource_id: referral.id, details: {} })
    }
    const [count] = await tx.select({ n: referrals.interested_operators_count }).from(referrals).where(eq(referrals.id, referral.id)).limit(1)
    return { interested: false as const, withdrawn: removed.length > 0, interested_operators_count: count!.n }
  })
}
