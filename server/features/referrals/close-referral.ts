import { and, eq, gt, notInArray, or } from 'drizzle-orm'
import type { z } from 'zod'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { referral_payments, referrals } from '../../db/schema'
import { conflict, forbidden, notFound } from '../../errors'
import { transaction } from '../../db/unit-of-work'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'
import type { CurrentUser } from '../../types'
import { operatorHasUnmaskedAccess } from './referral-access'
import { CLOSED_STATUSES } from './cancel-referral'
import type { closeReferralSchema } from './responses.schemas'
import { toReferralSummary } from './referral-views'
import { touchTask } from './task-hook'

export const ESCROW_OPEN_MESSAGE =
  'referrals.escrowOpen'

/**
 * POST /api/referrals/:id/close: the referrer closes their own
 * referral with an outcome, so nobody keeps paying to unlock a client who is
 * already housed. Placed through Homeward → status placed; any other outcome →
 * cancelled; either way it leaves the marketplace. Refused while an escrow
 * payment is open (held, or a checkout still holding the slot): that money
 * is settled by the placement confirmation or by an admin first.
 */
export function closeReferral(db: Executor, referralId: string, input: z.output<typeof closeReferralSchema>, user: CurrentUser, actor: Actor) {
  return transaction(db, async (tx) => {
    const [row] = await forUpdate(tx.select({ id: referrals.id, owner: referrals.referrer_user_id }).from(referrals).where(eq(referrals.id, referralId)).limit(1))
    if (!row) throw notFound('errors.referralNotFound')
    if (row.owner !== user.id) {
      if (user.is_admin || (await operatorHasUnmaskedAccess(tx, row.id, user.id))) throw forbidden('referrals.onlyReferrerCloseReferral')
      throw notFound('errors.referralNotFound')
    }
    const [open] = await forUpdate(
      tx
        .select({ id: referral_payments.id })
        .from(referral_payments)
        .where(
          and(
            eq(referral_payments.referral_id, row.id),
            or(
              eq(referral_payments.status, 'held_in_escrow'),
              and(eq(referral_payments.status, 'pending'), gt(referral_payments.checkout_expires_at, clock.now())),
            ),
          ),
        )
        .limit(1),
    )
    if (open) throw conflict('escrow_open', ESCROW_OPEN_MESSAGE)
    const now = clock.now()
    const placed = input.outcome === 'placed_homeward'
    const [updated] = await tx
      .update(referrals)
      .set({ status: placed ? 'placed' : 'cancelled', placed_at: placed ? now : null, closed_at: now, close_outcome: input.outcome, close_note: input.note })
      .where(and(eq(referrals.id, row.id), notInArray(referrals.status, [...CLOSED_STATUSES])))
      .returning()
    if (!updated) throw conflict('referral_closed', 'referrals.referralAlreadyClosed')
    await touchTask(tx, row.id)
    await writeAudit(tx, actor, { action: 'referral.close', resource_type: 'referral', resource_id: row.id, details: { outcome: input.outcome } })
    return toReferralSummary(tx, updated)
  })
}
