import { and, count, eq, sum } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { profiles, properties, referral_payments, referrals } from '../../db/schema'

/**
 * Overview counts, and the unlock fees escrow released to referrers: the fee
 * each unlock really paid ($500 for a licensed operator, else $200). That
 * money passes through to referrers on confirmed placements; it is not
 * Homeward's revenue, so it is named for what it is.
 */
export async function getAdminStats(db: Executor) {
  const n = ([q]: { n: number }[]) => q?.n ?? 0
  const [released] = await db
    .select({ cents: sum(referral_payments.amount_cents) })
    .from(referral_payments)
    .where(eq(referral_payments.status, 'released_to_referrer'))
  return {
    profiles: n(await db.select({ n: count() }).from(profiles)),
    properties: n(await db.select({ n: count() }).from(properties)),
    referrals: n(await db.select({ n: count() }).from(referrals)),
    pending_referrals: n(await db.select({ n: count() }).from(referrals).where(eq(referrals.status, 'pending'))),
    placed_paid_referrals: n(
      await db
        .select({ n: count() })
        .from(referrals)
        .where(and(eq(referrals.status, 'placed'), eq(referrals.referral_fee_paid, true))),
    ),
    released_to_referrers_cents: Number(released?.cents ?? 0),
  }
}
