import type { Executor } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import { notFound } from '../../errors'
import { clock } from '../../lib/clock'
import { activeEntry, lockReferral, removeEntry, settleSlot } from './slot'

/**
 * DELETE /api/referrals/:id/waitlist: leaves the line; everyone behind moves
 * up one. Leaving during one's turn passes the turn to the next in line.
 */
export async function leaveWaitlist(db: Executor, opts: { referralId: string; operatorId: string }) {
  await transaction(db, async (tx) => {
    await lockReferral(tx, opts.referralId)
    const entry = await activeEntry(tx, opts.referralId, opts.operatorId)
    if (!entry) throw notFound('marketplace.notWaitlistReferral')
    await removeEntry(tx, entry.id, 'left')
    if (entry.status === 'notified') await settleSlot(tx, opts.referralId, clock.now())
  })
  return { message: 'Removed from waitlist' }
}
