import { eq } from 'drizzle-orm'
import type { DB } from '../../db/client'
import { referral_payments } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { env } from '../../env'
import { conflict } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock, MINUTE } from '../../lib/clock'
import { scheduleJob } from '../../jobs/scheduler'
import { createPaymentCheckout } from '../../payments/checkout'
import { offlineCheckoutPath } from '../../payments/fulfilment'
import { paymentsOffline, providerError, stripeClient } from '../../payments/stripe'
import { checkoutJobKey, MARKETPLACE_JOBS } from './job-keys'
import { actionableReferral, isSlotConflict, SLOT_FULL_MESSAGE, unlockFeeCents } from './marketplace-access'
import { activeEntry, lastInLine, markCheckoutExpired, ownOpenCheckout, settleSlot } from './slot'

export const UNLOCK_CHECKOUT_FAILED = 'marketplace.unlockCheckoutFailed'
/** Stripe refuses a Checkout Session that expires sooner than 30 minutes after creation. */
const STRIPE_MIN_EXPIRY_MS = 31 * MINUTE

type Payment = typeof referral_payments.$inferSelect

/**
 * POST /api/referrals/:id/unlock → {url}.
 *
 * One transaction decides: a pending payment row takes the referral's single
 * escrow slot, and the unique partial index `referral_payments_one_slot`
 * refuses every concurrent attempt (409 `escrow_slot_full`) — there is no
 * read-then-write. While operators wait in line, only the one whose turn it
 * is may take the slot. The pending checkout holds the slot for
 * CHECKOUT_HOLD_MINUTES (a scheduled expiry frees it). The fee is decided by
 * the operator's licensing type. Calling it again while the checkout is open
 * returns the same checkout. Starting a checkout records no interest: a
 * cancelled one leaves nothing but the slot it released (interest comes
 * from Express Interest, a completed payment or a place in line).
 *
 * Every read that decides (the referral, the operator's own payment, the
 * line) is made in that transaction, locked. The Stripe session is created
 * after it commits, never inside it: so this takes the database itself, not
 * the `tx` of a unit of work, and records the session id in a second one.
 */
export async function unlockReferral(db: DB, opts: { referralId: string; operatorId: string; email: string; actor: Actor }) {
  const { payment, resumed } = await transaction(db, async (tx) => {
    const now = clock.now()
    const referral = await actionableReferral(tx, opts.referralId, opts.operatorId)
    await settleSlot(tx, referral.id, now)
    const open = await ownOpenCheckout(tx, referral.id, opts.operatorId)
    if (open) return { payment: open, resumed: true }
    // First come, first served: while anyone waits in line, only the operator whose turn it is may pay.
    const entry = await activeEntry(tx, referral.id, opts.operatorId)
    if (entry?.status !== 'notified' && (await lastInLine(tx, referral.id))) throw conflict('escrow_slot_full', SLOT_FULL_MESSAGE)
    const amount = await unlockFeeCents(tx, opts.operatorId)
    const expiresAt = new Date(now.getTime() + env.CHECKOUT_HOLD_MINUTES * MINUTE)
    let created: Payment
    try {
      const inserted = await tx
        .insert(referral_payments)
        .values({
          referral_id: referral.id,
          operator_id: opts.operatorId,
          amount_cents: amount,
          status: 'pending',
          provider: paymentsOffline() ? 'offline' : 'stripe',
          checkout_expires_at: expiresAt,
        })
        .returning()
      created = inserted[0]!
    } catch (error) {
      if (isSlotConflict(error)) throw conflict('escrow_slot_full', SLOT_FULL_MESSAGE)
      throw error
    }
    await scheduleJob(tx, {
      kind: MARKETPLACE_JOBS.checkoutExpiry,
      key: checkoutJobKey(created.id),
      runAt: expiresAt,
      payload: { payment_id: created.id },
    })
    await writeAudit(tx, opts.actor, {
      action: 'referral.unlock_checkout_started',
      resource_type: 'referral_payment',
      resource_id: created.id,
      details: { referral_id: referral.id, amount_cents: amount },
    })
    return { payment: created, resumed: false }
  })
  const url = resumed ? await resumeCheckout(payment) : await startCheckout(db, payment, opts.email)
  return { url, payment_id: payment.id, amount_cents: payment.amount_cents }
}

async function startCheckout(db: DB, payment: Payment, email: string) {
  if (payment.provider === 'offline') return offlineCheckoutPath('unlock', payment.id)
  try {
    const holdEnds = payment.checkout_expires_at!.getTime()
    const checkout = await createPaymentCheckout({
      amount_cents: payment.amount_cents,
      description: 'Referral unlock fee (held in escrow)',
      metadata: { kind: 'unlock', id: payment.id },
      success_path: `/browse-referrals?unlocked=${encodeURIComponent(payment.referral_id)}`,
      cancel_path: '/browse-referrals',
      customer_email: email,
      // Our own hold (the scheduled expiry) frees the slot on time; Stripe's session may not end sooner than 30 minutes.
      expires_at: new Date(Math.max(holdEnds, Date.now() + STRIPE_MIN_EXPIRY_MS)),
    })
    await transaction(db, (tx) =>
      tx.update(referral_payments).set({ checkout_session_id: checkout.session_id }).where(eq(referral_payments.id, payment.id)),
    )
    return checkout.url
  } catch (error) {
    // No checkout to pay: give the slot back at once instead of holding it for nothing.
    await transaction(db, async (tx) => {
      const expired = await markCheckoutExpired(tx, payment.id)
      if (expired) await settleSlot(tx, payment.referral_id, clock.now())
    })
    throw providerError(UNLOCK_CHECKOUT_FAILED, error)
  }
}

/** The operator's own checkout is still open: send them back to it. */
async function resumeCheckout(payment: Payment) {
  if (payment.provider === 'offline') return offlineCheckoutPath('unlock', payment.id)
  const stripe = await stripeClient()
  if (stripe && payment.checkout_session_id) {
    try {
      const session = await stripe.checkout.sessions.retrieve(payment.checkout_session_id)
      if (session.status === 'open' && session.url) return session.url
    } catch (error) {
      throw providerError(UNLOCK_CHECKOUT_FAILED, error)
    }
  }
  throw conflict('checkout_in_progress', 'marketplace.paymentBeingProcessedTryAgain')
}
