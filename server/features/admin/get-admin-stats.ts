import { and, count, eq, sum } from 'drizzle-orm'
import { db } from '../../db/client'
import { profiles, properties, referral_payments, referrals } from '../../db/schema'

/**
 * Overview counts. Revenue is the sum of escrow amounts released to
 * referrers (DESIGN.md §6: the specification's "placed-and-paid × $200"
 * undercounts $500 fees).
 */
export function getAdminStats() {
  const n = (q: { n: number } | undefined) => q?.n ?? 0
  const revenue = db
    .select({ cents: sum(referral_payments.amount_cents) })
    .from(referral_payments)
    .where(eq(referral_payments.status, 'released_to_referrer'))
    .get()
  return {
    profiles: n(db.select({ n: count() }).from(profiles).get()),
    properties: n(db.select({ n: count() }).from(properties).get()),
    referrals: n(db.select({ n: count() }).from(referrals).get()),
    pending_referrals: n(db.select({ n: count() }).from(referrals).where(eq(referrals.status, 'pending')).get()),
    placed_paid_referrals: n(
      db
        .select({ n: count() })
        .from(referrals)
        .where(and(eq(referrals.status, 'placed'), eq(referrals.referral_fee_paid, true)))
        .get(),
    ),
    revenue_cents: Number(revenue?.cents ?? 0),
  }
}
