import { and, desc, eq, sql } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { referrals } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { writeAudit, type Actor } from '../../lib/audit'
import type { CurrentUser } from '../../types'
import { clock } from '../../lib/clock'
import { operatorStates, type OperatorReferralState } from './operator-state'
import { referralCard, type ReferralCard, type ReferralRow } from './referral-view'

export type Viewer = { user: CurrentUser; actor: Actor }
export type MarketplaceItem = ReferralCard & { my: OperatorReferralState }

/**
 * Accounting: every response that carries a referral's care
 * data to an operator leaves an audit row (who, what, from where); the
 * disclosure row is written by the unmasking presenter itself.
 */
export async function accountForViews(tx: Tx, viewer: Viewer, referralIds: readonly string[]) {
  for (const referralId of referralIds) {
    await writeAudit(tx, viewer.actor, { action: 'referral.view', resource_type: 'referral', resource_id: referralId, details: { via: 'marketplace' } })
  }
}

/** The cards of `rows` as this viewer may see them, with their state on each. */
export async function cardsFor(tx: Tx, viewer: Viewer, rows: readonly ReferralRow[], now: Date): Promise<MarketplaceItem[]> {
  const states = await operatorStates(tx, viewer.user.id, rows, now)
  const items: MarketplaceItem[] = []
  for (const row of rows) {
    const my = states.get(row.id)!
    items.push({ ...(await referralCard(row, my.unlocked, now, { tx, viewer: viewer.user })), my })
  }
  await accountForViews(
    tx,
    viewer,
    items.filter((i) => i.unlocked && i.my.action !== 'own').map((i) => i.id),
  )
  return items
}

/**
 * GET /api/marketplace/referrals: pending referrals, urgent ones first (issue
 * 15), then newest first, masked unless unlocked for (or owned
 * by) the viewer. referrals_urgent_idx serves this order.
 */
export async function browseReferrals(db: Executor, opts: { viewer: Viewer; page: number; perPage: number }) {
  return transaction(db, async (tx) => {
    const now = clock.now()
    const rows = await tx
      .select()
      .from(referrals)
      // A referral this operator answered "Not a fit" leaves their list.
      .where(
        and(
          eq(referrals.status, 'pending'),
          sql`NOT EXISTS (SELECT 1 FROM referral_declines d WHERE d.referral_id = ${referrals.id} AND d.operator_id = ${opts.viewer.user.id})`,
        ),
      )
      .orderBy(desc(referrals.is_urgent), desc(referrals.created_at), desc(referrals.id))
      .limit(opts.perPage + 1)
      .offset((opts.page - 1) * opts.perPage)
    const hasMore = rows.length > opts.perPage
    const items = await cardsFor(tx, opts.viewer, rows.slice(0, opts.perPage), now)
    return { items, page: opts.page, per_page: opts.perPage, has_more: hasMore }
  })
}
