import { eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { referrals } from '../../db/schema'
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
export function getMarketplaceReferral(opts: { viewer: Viewer; referralId: string }) {
  return db.transaction((tx) => {
    const now = clock.now()
    const row = tx.select().from(referrals).where(eq(referrals.id, opts.referralId)).get()
    if (!row) throw notFound(REFERRAL_NOT_FOUND)
    const my = operatorStates(tx, opts.viewer.user.id, [row], now).get(row.id)!
    if (my.unlocked) {
      if (my.action !== 'own') accountForViews(tx, opts.viewer, [row.id])
      return { referral: referralDetail(row, now, { tx, viewer: opts.viewer.user }), my }
    }
    if (row.status !== 'pending') throw notFound(REFERRAL_NOT_FOUND)
    return { referral: maskedCard(row, now), my }
  })
}
