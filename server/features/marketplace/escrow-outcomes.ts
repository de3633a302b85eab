import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { ACTIVE_WAITLIST_STATUSES, payouts, properties, referral_payments, referral_waitlist, referrals } from '../../db/schema'
import { afterCommit } from '../../db/unit-of-work'
import { conflict, notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { cancelJob } from '../../jobs/scheduler'
import { enqueueEmail } from '../../mail/outbox'
import { templates } from '../../mail/templates'
import { notify } from '../notifications'
import { sendReviewRequest } from '../reviews'
import { sendCardRefund } from './card-refunds'
import { holdEndJobKey } from './job-keys'
import { displayName, referrerAddress } from './marketplace-access'
import { settleSlot } from './slot'

/**
 * The two ways a payment leaves escrow (DESIGN.md §6 payment capture and
 * placement), shared by the placement confirmations and the admin decision.
 * Both run inside the caller's transaction, refuse a payment that is no
 * longer held (409), and register what must wait for the commit (pushes,
 * the Stripe refund) on the caller's unit of work.
 */

export const NOT_HELD_MESSAGE = 'This payment is no longer held in escrow'

type Outcome = { actor: Actor; now: Date; resolvedBy: string; reason: string | null }

function heldPayment(tx: Executor, paymentId: string) {
  const payment = tx.select().from(referral_payments).where(eq(referral_payments.id, paymentId)).get()
  if (!payment) throw notFound('Payment not found')
  if (payment.status !== 'held_in_escrow') throw conflict('escrow_not_held', NOT_HELD_MESSAGE)
  return payment
}

function resolve(tx: Executor, paymentId: string, status: 'released_to_referrer' | 'refunded', o: Outcome) {
  const updated = tx
    .update(referral_payments)
    .set({ status, resolved_at: o.now, resolved_by: o.resolvedBy, resolution_reason: o.reason })
    .where(and(eq(referral_payments.id, paymentId), eq(referral_payments.status, 'held_in_escrow')))
    .returning()
    .get()
  if (!updated) throw conflict('escrow_not_held', NOT_HELD_MESSAGE)
  cancelJob(tx, holdEndJobKey(paymentId))
  return updated
}

/**
 * Release to the referrer: the placement happened. Records the payout owed,
 * marks the referral placed with its operator, sends the review request
 * (once), tells both sides, and closes the referral's waitlist.
 */
export function releaseEscrow(tx: Executor, paymentId: string, o: Outcome) {
  heldPayment(tx, paymentId)
  const payment = resolve(tx, paymentId, 'released_to_referrer', o)
  const referral = tx.select().from(referrals).where(eq(referrals.id, payment.referral_id)).get()!
  tx.insert(payouts)
    .values({
      payment_id: payment.id,
      referral_id: referral.id,
      referrer_user_id: referral.referrer_user_id,
      amount_cents: payment.amount_cents,
      status: 'owed',
    })
    .run()
  const newlyPlaced = referral.status !== 'placed'
  tx.update(referrals)
    .set({
      status: 'placed',
      placed_at: newlyPlaced ? o.now : referral.placed_at,
      matched_operator_id: payment.operator_id,
      referral_fee_paid: true,
    })
    .where(eq(referrals.id, referral.id))
    .run()
  if (newlyPlaced) sendReviewRequest(tx, referral.id)
  // The referral is placed: nobody is waiting for its slot any more.
  tx.update(referral_waitlist)
    .set({ status: 'expired' })
    .where(and(eq(referral_waitlist.referral_id, referral.id), inArray(referral_waitlist.status, [...ACTIVE_WAITLIST_STATUSES])))
    .run()

  const operator = displayName(tx, payment.operator_id)
  const mail = { referral_id: referral.id, amount_cents: payment.amount_cents }
  const referrerTo = referrerAddress(tx, referral)
  if (referrerTo) {
    enqueueEmail(tx, { to: referrerTo, referral_id: referral.id, ...templates.escrowReleased({ ...mail, name: referral.referrer_name, audience: 'referrer' }) })
  }
  if (operator.email) {
    enqueueEmail(tx, { to: operator.email, referral_id: referral.id, ...templates.escrowReleased({ ...mail, name: operator.name, audience: 'operator' }) })
  }
  notify(tx, payment.operator_id, {
    type: 'escrow_released',
    title: 'Placement confirmed',
    body: 'The unlock fee held in escrow was released to the referrer.',
    link: '/operator-dashboard?tab=interests',
  })
  if (referral.referrer_user_id) {
    notify(tx, referral.referrer_user_id, {
      type: 'escrow_released',
      title: 'Placement confirmed',
      body: 'The referral fee held in escrow was released to you. Our team will contact you about the payout.',
      link: '/referrer-dashboard',
    })
  }
  writeAudit(tx, o.actor, {
    action: 'escrow.released',
    resource_type: 'referral_payment',
    resource_id: payment.id,
    details: { referral_id: referral.id, amount_cents: payment.amount_cents, resolved_by: o.resolvedBy, reason: o.reason },
  })
}

/**
 * Refund to the operator: no placement. The referral stays open, its slot
 * passes to the next operator in line, and a card payment is refunded
 * through Stripe after commit (offline payments: recorded only).
 */
export function refundEscrow(tx: Executor, paymentId: string, o: Outcome) {
  heldPayment(tx, paymentId)
  const payment = resolve(tx, paymentId, 'refunded', o)
  const referral = tx.select().from(referrals).where(eq(referrals.id, payment.referral_id)).get()!
  // A home this operator proposed for the placement no longer applies.
  const proposed = referral.matched_property_id
    ? tx.select({ operator_id: properties.operator_id }).from(properties).where(eq(properties.id, referral.matched_property_id)).get()
    : null
  tx.update(referrals)
    .set({
      referral_fee_paid: false,
      ...(referral.status !== 'placed' && proposed?.operator_id === payment.operator_id ? { matched_property_id: null } : {}),
    })
    .where(eq(referrals.id, referral.id))
    .run()

  const operator = displayName(tx, payment.operator_id)
  if (operator.email) {
    enqueueEmail(tx, {
      to: operator.email,
      referral_id: referral.id,
      ...templates.escrowRefunded({ operator_name: operator.name, referral_id: referral.id, amount_cents: payment.amount_cents, reason: o.reason }),
    })
  }
  notify(tx, payment.operator_id, {
    type: 'escrow_refunded',
    title: 'Unlock fee refunded',
    body: 'The unlock fee you paid was refunded.',
    link: '/browse-referrals',
  })
  if (referral.referrer_user_id) {
    notify(tx, referral.referrer_user_id, {
      type: 'escrow_refunded',
      title: 'Escrow refunded',
      body: "The operator's unlock fee was refunded; your referral is open to other operators again.",
      link: '/referrer-dashboard',
    })
  }
  writeAudit(tx, o.actor, {
    action: 'escrow.refunded',
    resource_type: 'referral_payment',
    resource_id: payment.id,
    details: { referral_id: referral.id, amount_cents: payment.amount_cents, resolved_by: o.resolvedBy, reason: o.reason },
  })
  settleSlot(tx, referral.id, o.now)
  if (payment.provider === 'stripe') afterCommit(tx, () => sendCardRefund(payment.id))
}
