import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { invitations, referral_payments } from '../../db/schema'

/**
 * May this operator see the referral unmasked? Yes once they unlocked it
 * (payment held in escrow or released) or the referrer invited them
 * (part 1 §4, DESIGN.md §6). Owners and admins are decided by the caller.
 */
export function operatorHasUnmaskedAccess(tx: Executor, referralId: string, operatorId: string) {
  const paid = tx
    .select({ id: referral_payments.id })
    .from(referral_payments)
    .where(
      and(
        eq(referral_payments.referral_id, referralId),
        eq(referral_payments.operator_id, operatorId),
        inArray(referral_payments.status, ['held_in_escrow', 'released_to_referrer']),
      ),
    )
    .get()
  if (paid) return true
  const invited = tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.referral_id, referralId), eq(invitations.operator_id, operatorId)))
    .get()
  return !!invited
}
