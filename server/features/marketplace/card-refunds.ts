import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { DB } from '../../db/client'
import { referral_payments } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { log } from '../../lib/logger'
import { refundPayment } from '../../payments/checkout'

/**
 * Sends the refund of a refunded card payment to Stripe, after the commit that
 * decided it. The decision is already recorded (status refunded); until
 * Stripe accepts, `stripe_refund_id` stays empty and the periodic retry sends
 * it again under the same idempotency key, so Stripe refunds at most once.
 * Offline payments have nothing to send back.
 *
 * Called by the after-commit effect of the unit of work that decided the
 * refund, and by the periodic retry. The Stripe call happens outside any
 * transaction; only the refund id is written, in a short one.
 */
export async function sendCardRefund(db: DB, paymentId: string) {
  const [payment] = await db.select().from(referral_payments).where(eq(referral_payments.id, paymentId)).limit(1)
  if (payment?.status !== 'refunded' || payment.provider !== 'stripe') return
  if (payment.stripe_refund_id || !payment.payment_intent_id) return
  const refund = await refundPayment({
    payment_intent_id: payment.payment_intent_id,
    reason: payment.resolution_reason ?? undefined,
    idempotency_key: `unlock-refund-${payment.id}`,
  })
  if (!refund) return
  await transaction(db, (tx) =>
    tx
      .update(referral_payments)
      .set({ stripe_refund_id: refund.refund_id })
      .where(and(eq(referral_payments.id, payment.id), isNull(referral_payments.stripe_refund_id))),
  )
}

/** Periodic task: refunds Stripe has not accepted yet (it was down, or the process stopped before sending). */
export async function retryCardRefunds(db: DB) {
  const waiting = await db
    .select({ id: referral_payments.id })
    .from(referral_payments)
    .where(
      and(
        eq(referral_payments.status, 'refunded'),
        eq(referral_payments.provider, 'stripe'),
        isNull(referral_payments.stripe_refund_id),
        isNotNull(referral_payments.payment_intent_id),
      ),
    )
    .limit(100)
  for (const { id } of waiting) {
    try {
      await sendCardRefund(db, id)
    } catch (error) {
      log.warn('card refund not accepted yet', { payment_id: id, error: error instanceof Error ? error.message : String(error) })
    }
  }
  return waiting.length
}
