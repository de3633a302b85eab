import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { invitations, referral_payments } from '../../db/schema'

/** Payment statuses that unlock a referral for the operator who paid. */
export const UNLOCKING_STATUSES = ['held_in_escrow', 'released_to_referrer'] as const

/**
 * May this operator see the referral unmasked? Yes once they unlocked it
 * (payment held in escrow or released) or the referrer invited them and they
 * did not decline. A refunded or expired payment
 * unlocks nothing. Owners and admins are decided by the caller.
 */
export async function operatorHasUnmaskedAccess(db: Executor, referralId: string, operatorId: string) {
  return (await unmaskedReferralIds(db, operatorId, [referralId])).has(referralId)
}

/** The same decision for many referrals at once (browsing lists). */
export async function unmaskedReferralIds(db: Executor, operatorId: string, referralIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(referralIds)]
  if (ids.length === 0) return new Set()
  const paid = await db
    .select({ referral_id: referral_payments.referral_id })
    .from(referral_payments)
    .where(
      and(
        eq(referral_payments.operator_id, operatorId),
        inArray(referral_payments.referral_id, ids),
        inArray(referral_payments.status, [...UNLOCKING_STATUSES]),
      ),
    )
  const invited = await db
    .select({ referral_id: invitations.referral_id })
    .from(invitations)
    .where(
      and(
        eq(invitations.operator_id, operatorId),
        inArray(invitations.referral_id, ids),
        ne(invitations.status, 'declined'),
      ),
    )
  return new Set([...paid, ...invited].map((r) => r.referral_id))
}
