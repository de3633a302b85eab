import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { referrals } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { notFound } from '../../errors'
import { clock } from '../../lib/clock'
import { accountForViews, type Viewer } from './browse-referrals'
import { REFERRAL_NOT_FOUND } from './marketplace-access'
import { operatorStates } from './operator-state'
import { maskedCard, referralDetail } from './referral-view'

/**
 * GET /api/marketplace/referrals/:id: one referral and the viewer's state on
 * it. Unlocked (or invited, or their own): the full record; otherwise the
 * masked card, and only while the referral is pending.
 */
export async function getMarketplaceReferral(db: Executor, opts: { viewer: Viewer; referralId: string }) {
  return transaction(db, async (tx) => {
    const now = clock.now()
    const [row] = await tx.select().from(referrals).where(eq(referrals.id, opts.referralId)).limit(1)
    if (!row) throw notFound(REFERRAL_NOT_FOUND)
    const my = (await operatorStates(tx, opts.viewer.user.id, [row], now)).get(row.id)!
    if (my.unlocked) {
      if (my.action !== 'own') await accountForViews(tx, opts.viewer, [row.id])
      return { referral: await referralDetail(row, now, { tx, viewer: opts.viewer.user }), my }
    }
    if (row.status !== 'pending') throw notFound(REFERRAL_NOT_FOUND)
    return { referral: maskedCard(row, now), my }
  })
}
