import { and, eq, notInArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { referrals } from '../../db/schema'
import { conflict, forbidden, notFound } from '../../errors'
import { transaction } from '../../db/unit-of-work'
import { writeAudit, type Actor } from '../../lib/audit'
import type { CurrentUser } from '../../types'
import { operatorHasUnmaskedAccess } from './referral-access'
import { toReferralSummary } from './referral-views'
import { touchTask } from './task-hook'

/** A referral that reached one of these statuses is closed and can no longer be cancelled. */
export const CLOSED_STATUSES = ['placed', 'rejected', 'cancelled'] as const

/**
 * A referrer cancels their own referral. Nobody else may:
 * those who can read it (admins, who set statuses from the admin dashboard
 * instead, and operators who unlocked it or were invited) are refused (403);
 * to anyone else the referral does not exist (404). The status
 * check is part of the UPDATE, so a concurrent placement cannot be overwritten.
 */
export function cancelReferral(db: Executor, referralId: string, user: CurrentUser, actor: Actor) {
  return transaction(db, async (tx) => {
    const [row] = await forUpdate(
      tx
        .select({ id: referrals.id, referrer_user_id: referrals.referrer_user_id })
        .from(referrals)
        .where(eq(referrals.id, referralId))
        .limit(1),
    )
    if (!row) throw notFound('errors.referralNotFound')
    if (row.referrer_user_id !== user.id) {
      if (user.is_admin || (await operatorHasUnmaskedAccess(tx, row.id, user.id))) throw forbidden('referrals.onlyReferrerCancelReferral')
      throw notFound('errors.referralNotFound')
    }
    const [updated] = await tx
      .update(referrals)
      .set({ status: 'cancelled' })
      .where(and(eq(referrals.id, referralId), notInArray(referrals.status, [...CLOSED_STATUSES])))
      .returning()
    if (!updated) throw conflict('referral_closed', 'referrals.referralNoLongerCancelled')
    await touchTask(tx, referralId)
    await writeAudit(tx, actor, { action: 'referral.cancel', resource_type: 'referral', resource_id: referralId })
    return toReferralSummary(tx, updated)
  })
}
