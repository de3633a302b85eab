import { money } from '../../lib/money'
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { properties, referral_payments, referrals } from '../../db/schema'
import { notFound } from '../../errors'
import { displayName, REFERRAL_NOT_FOUND } from './marketplace-access'
import { nullsLast, textOrder } from '../../db/dialect'


/** A payment in escrow as the referrer, the paying operator and admins see it (no card data). */
export async function escrowView(db: Executor, paymentId: string) {
  const [p] = await db.select().from(referral_payments).where(eq(referral_payments.id, paymentId)).limit(1)
  if (!p) return null
  return {
    id: p.id,
    referral_id: p.referral_id,
    operator_id: p.operator_id,
    operator_name: (await displayName(db, p.operator_id)).name,
    status: p.status,
    amount_cents: p.amount_cents,
    amount: money(p.amount_cents),
    paid_at: p.paid_at?.toISOString() ?? null,
    escrow_hold_until: p.escrow_hold_until?.toISOString() ?? null,
    escrow_expired_at: p.escrow_expired_at?.toISOString() ?? null,
    referrer_confirmation: p.referrer_confirmation,
    operator_confirmation: p.operator_confirmation,
    resolved_at: p.resolved_at?.toISOString() ?? null,
    resolution_reason: p.resolution_reason,
    referrer_declined_payment: p.referrer_declined_payment,
    ...(await placementHomes(db, p.referral_id, p.operator_id)),
  }
}

/**
 * Where the client moved in, as far as the answers said (the referral's home
 * when it is the paying operator's), and the paying operator's active homes,
 * among which either side may name it. Homes are public listings.
 */
async function placementHomes(db: Executor, referralId: string, operatorId: string) {
  const homes = await db
    .select({ id: properties.id, name: properties.name, active: properties.is_active })
    .from(properties)
    .where(eq(properties.operator_id, operatorId))
    .orderBy(textOrder(properties.name), asc(properties.id))
  const [referral] = await db.select({ home: referrals.matched_property_id }).from(referrals).where(eq(referrals.id, referralId)).limit(1)
  const placed = homes.find((h) => h.id === referral?.home)
  return {
    placed_home: placed ? { id: placed.id, name: placed.name } : null,
    operator_homes: homes.filter((h) => h.active).map(({ id, name }) => ({ id, name })),
  }
}

export type EscrowView = NonNullable<Awaited<ReturnType<typeof escrowView>>>

/**
 * GET /api/referrals/:id/escrow: the escrow of a referral for the two people
 * who confirm its placement — the referrer (their referral's current or last
 * decided payment) and the operator who paid (their own payment). Anyone else
 * gets 404. `role` says which side the caller confirms for.
 */
export async function getReferralEscrow(db: Executor, opts: { referralId: string; userId: string }) {
  const [referral] = await db
    .select({ id: referrals.id, referrer_user_id: referrals.referrer_user_id })
    .from(referrals)
    .where(eq(referrals.id, opts.referralId))
    .limit(1)
  if (!referral) throw notFound(REFERRAL_NOT_FOUND)
  const decided = ['held_in_escrow', 'released_to_referrer', 'refunded'] as const
  const isReferrer = referral.referrer_user_id === opts.userId
  const [payment] = await db
    .select({ id: referral_payments.id })
    .from(referral_payments)
    .where(
      and(
        eq(referral_payments.referral_id, referral.id),
        inArray(referral_payments.status, [...decided]),
        ...(isReferrer ? [] : [eq(referral_payments.operator_id, opts.userId)]),
      ),
    )
    // The payment held now comes first, then the most recently paid (one never paid after those).
    .orderBy(desc(eq(referral_payments.status, 'held_in_escrow')), nullsLast(desc(referral_payments.paid_at)), desc(referral_payments.id))
    .limit(1)
  if (!isReferrer && !payment) throw notFound(REFERRAL_NOT_FOUND)
  return { role: isReferrer ? ('referrer' as const) : ('operator' as const), escrow: payment ? await escrowView(db, payment.id) : null }
}
