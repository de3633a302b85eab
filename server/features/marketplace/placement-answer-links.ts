import { and, eq, isNull } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { placement_answer_links, referral_payments, referrals } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { AppError, conflict, notFound } from '../../errors'
import { clock } from '../../lib/clock'
import { hashToken } from '../auth'
import { confirmPlacement } from './placement'

const INVALID = 'marketplace.invalid'
const USED = 'marketplace.used'
const ENDED = 'marketplace.ended'

/** The link, its payment (still held) and the side its person answers for; each failure its own status. */
async function checkLink(tx: Executor, token: string) {
  const [link] = await forUpdate(tx.select().from(placement_answer_links).where(eq(placement_answer_links.token_hash, hashToken(token))).limit(1))
  if (!link) throw notFound(INVALID)
  if (link.used_at) throw conflict('link_used', USED)
  const [found] = await tx
    .select({ payment: referral_payments, referrer_user_id: referrals.referrer_user_id })
    .from(referral_payments)
    .innerJoin(referrals, eq(referrals.id, referral_payments.referral_id))
    .where(eq(referral_payments.id, link.payment_id))
    .limit(1)
  if (!found) throw notFound(INVALID)
  const { payment } = found
  if (link.expires_at.getTime() <= clock.ms() || payment.status !== 'held_in_escrow' || payment.escrow_expired_at) throw new AppError('link_expired', 410, ENDED)
  const side = found.referrer_user_id === link.user_id ? ('referrer' as const) : payment.operator_id === link.user_id ? ('operator' as const) : null
  if (!side) throw notFound(INVALID)
  return { link, payment, side }
}

/** GET /api/placement-answers/:token: what the page asks (no client data: the link may be forwarded). */
export async function getPlacementAnswer(db: Executor, token: string) {
  const { link, payment, side } = await checkLink(db, token)
  const other = side === 'referrer' ? payment.operator_confirmation : payment.referrer_confirmation
  return { side, other_answer: other ?? null, amount_cents: payment.amount_cents, expires_at: link.expires_at.toISOString() }
}

/**
 * POST /api/placement-answers/:token {placed, decline_payment?}: the answer,
 * through the same use case as the dashboard's (confirmPlacement, ADR 028),
 * in the transaction that marks the link used: two clicks answer once.
 */
export async function usePlacementAnswer(db: Executor, token: string, input: { placed: boolean; decline_payment?: boolean }) {
  return transaction(db, async (tx) => {
    const { link, payment } = await checkLink(tx, token)
    const [used] = await tx
      .update(placement_answer_links)
      .set({ used_at: clock.now() })
      .where(and(eq(placement_answer_links.id, link.id), isNull(placement_answer_links.used_at)))
      .returning({ id: placement_answer_links.id })
    if (!used) throw conflict('link_used', USED)
    const { outcome } = await confirmPlacement(tx, {
      referralId: payment.referral_id,
      userId: link.user_id,
      placed: input.placed,
      declinePayment: input.decline_payment ?? false,
      actor: { id: link.user_id, label: 'e-mailed answer link', ip: null },
    })
    return { outcome }
  })
}
