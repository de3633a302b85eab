import { and, eq, inArray } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { ACTIVE_WAITLIST_STATUSES, payouts, properties, referral_payments, referral_waitlist, referrals } from '../../db/schema'
import { afterCommit } from '../../db/unit-of-work'
import { conflict, notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { cancelJob } from '../../jobs/scheduler'
import { enqueueEmail } from '../../mail/outbox'
import { PAYOUT_DETAILS_PATH, payoutNextStep, templates } from '../../mail/templates'
import { notify } from '../notifications'
import { payoutMethodOf } from '../payouts'
import { sendReviewRequest } from '../reviews'
import { sendCardRefund } from './card-refunds'
import { holdEndJobKey } from './job-keys'
import { displayName, referrerAddress } from './marketplace-access'
import { lockReferral, referralOfPayment, settleSlot } from './slot'
import { touchTask } from '../referrals'
import { recipientLocale } from '../../mail/recipient'

/**
 * The two ways a payment leaves escrow (ADR 005: payment capture and
 * placement), shared by the placement confirmations and the admin decision.
 * Both run inside the caller's transaction, read the payment there (locked),
 * refuse one that is no longer held (409), and register what must wait for
 * the commit (the Stripe refund) on the caller's unit of work.
 */

export const NOT_HELD_MESSAGE = 'marketplace.notHeld'

type Outcome = { actor: Actor; now: Date; resolvedBy: string; reason: string | null }

async function heldPayment(tx: Tx, paymentId: string) {
  // The referral's row first (slot.ts's lock order), then the payment.
  const referralId = await referralOfPayment(tx, paymentId)
  if (referralId) await lockReferral(tx, referralId)
  const [payment] = await forUpdate(tx.select().from(referral_payments).where(eq(referral_payments.id, paymentId)).limit(1))
  if (!payment) throw notFound('marketplace.paymentNotFound')
  if (payment.status !== 'held_in_escrow') throw conflict('escrow_not_held', NOT_HELD_MESSAGE)
  return payment
}

async function resolve(tx: Tx, paymentId: string, status: 'released_to_referrer' | 'refunded', o: Outcome) {
  const [updated] = await tx
    .update(referral_payments)
    .set({ status, resolved_at: o.now, resolved_by: o.resolvedBy, resolution_reason: o.reason })
    .where(and(eq(referral_payments.id, paymentId), eq(referral_payments.status, 'held_in_escrow')))
    .returning()
  if (!updated) throw conflict('escrow_not_held', NOT_HELD_MESSAGE)
  await cancelJob(tx, holdEndJobKey(paymentId))
  return updated
}

/**
 * Release to the referrer: the placement happened. Records the payout owed,
 * marks the referral placed with its operator, sends the review request
 * (once), tells both sides, and closes the referral's waitlist.
 */
export async function releaseEscrow(tx: Tx, paymentId: string, o: Outcome) {
  await heldPayment(tx, paymentId)
  const payment = await resolve(tx, paymentId, 'released_to_referrer', o)
  const referral = await markPlaced(tx, payment, o)
  await touchTask(tx, referral.id)
  await tx.insert(payouts).values({
    payment_id: payment.id,
    referral_id: referral.id,
    referrer_user_id: referral.referrer_user_id,
    amount_cents: payment.amount_cents,
    status: 'owed',
  })

  const operator = await displayName(tx, payment.operator_id)
  const mail = { referral_id: referral.id, amount_cents: payment.amount_cents }
  // What she is told next depends on whether she already said where to be paid.
  const payoutMethod = referral.referrer_user_id ? await payoutMethodOf(tx, referral.referrer_user_id) : null
  const referrerTo = await referrerAddress(tx, referral)
  if (referrerTo) {
    await enqueueEmail(tx, {
      to: referrerTo,
      referral_id: referral.id,
      ...templates.escrowReleased({ ...mail, name: referral.referrer_name, audience: 'referrer', payout_method: payoutMethod }, await recipientLocale(tx, referral.referrer_user_id)),
    })
  }
  if (operator.email) {
    await enqueueEmail(tx, { to: operator.email, referral_id: referral.id, ...templates.escrowReleased({ ...mail, name: operator.name, audience: 'operator' }, await recipientLocale(tx, payment.operator_id)) })
  }
  await notify(tx, payment.operator_id, {
    type: 'escrow_released',
    title: 'Placement confirmed',
    body: 'The unlock fee held in escrow was released to the referrer.',
    link: '/operator-dashboard?tab=interests',
  })
  if (referral.referrer_user_id) {
    await notify(tx, referral.referrer_user_id, {
      type: 'escrow_released',
      title: 'Placement confirmed',
      body: `The referral fee held in escrow was released to you. ${payoutNextStep(payoutMethod)}`,
      link: PAYOUT_DETAILS_PATH,
    })
  }
  await writeAudit(tx, o.actor, {
    action: 'escrow.released',
    resource_type: 'referral_payment',
    resource_id: payment.id,
    details: { referral_id: referral.id, amount_cents: payment.amount_cents, resolved_by: o.resolvedBy, reason: o.reason },
  })
}

export const DECLINED_PAYMENT_REASON = 'The referrer confirmed the placement and declined the payment'

/**
 * Both sides confirmed the placement and the referrer declined the payment
 * (e.g. her organization does not allow referral payments): the referral is
 * placed as on a release, but the fee goes back to the operator, recorded as a
 * refund (`resolved_by` 'referrer_declined'); no payout is owed. A card
 * payment is refunded through Stripe after commit.
 */
export async function refundDeclinedPayment(tx: Tx, paymentId: string, o: Outcome) {
  await heldPayment(tx, paymentId)
  const payment = await resolve(tx, paymentId, 'refunded', { ...o, resolvedBy: 'referrer_declined', reason: DECLINED_PAYMENT_REASON })
  const referral = await markPlaced(tx, payment, o)
  await touchTask(tx, referral.id)
  const operator = await displayName(tx, payment.operator_id)
  if (operator.email) {
    await enqueueEmail(tx, {
      to: operator.email,
      referral_id: referral.id,
      ...templates.escrowRefunded({ operator_name: operator.name, referral_id: referral.id, amount_cents: payment.amount_cents, reason: `${DECLINED_PAYMENT_REASON}.` }, await recipientLocale(tx, payment.operator_id)),
    })
  }
  await notify(tx, payment.operator_id, {
    type: 'escrow_refunded',
    title: 'Placement confirmed, fee refunded',
    body: 'The referrer confirmed the placement and declined the payment: the unlock fee you paid is refunded to you.',
    link: '/operator-dashboard?tab=interests',
  })
  if (referral.referrer_user_id) {
    await notify(tx, referral.referrer_user_id, {
      type: 'escrow_refunded',
      title: 'Placement confirmed',
      body: 'You declined the payment: the unlock fee went back to the operator.',
      link: '/referrer-dashboard',
    })
  }
  await writeAudit(tx, o.actor, {
    action: 'escrow.refunded',
    resource_type: 'referral_payment',
    resource_id: payment.id,
    details: { referral_id: referral.id, amount_cents: payment.amount_cents, resolved_by: 'referrer_declined', reason: DECLINED_PAYMENT_REASON },
  })
  if (payment.provider === 'stripe') afterCommit(tx, (db) => sendCardRefund(db, payment.id))
}

/** The referral placed with the payment's operator: its review request (once) and its waitlist closed. */
async function markPlaced(tx: Tx, payment: typeof referral_payments.$inferSelect, o: Outcome) {
  const referral = (await forUpdate(tx.select().from(referrals).where(eq(referrals.id, payment.referral_id)).limit(1)))[0]!
  const newlyPlaced = referral.status !== 'placed'
  await tx
    .update(referrals)
    .set({
      status: 'placed',
      placed_at: newlyPlaced ? o.now : referral.placed_at,
      matched_operator_id: payment.operator_id,
      referral_fee_paid: payment.status === 'released_to_referrer',
    })
    .where(eq(referrals.id, referral.id))
  if (newlyPlaced) await sendReviewRequest(tx, referral.id)
  // The referral is placed: nobody is waiting for its slot any more.
  await tx
    .update(referral_waitlist)
    .set({ status: 'expired' })
    .where(and(eq(referral_waitlist.referral_id, referral.id), inArray(referral_waitlist.status, [...ACTIVE_WAITLIST_STATUSES])))
  return referral
}

/**
 * Refund to the operator: no placement. The referral stays open, its slot
 * passes to the next operator in line, and a card payment is refunded
 * through Stripe after commit (offline payments: recorded only).
 */
export async function refundEscrow(tx: Tx, paymentId: string, o: Outcome) {
  await heldPayment(tx, paymentId)
  const payment = await resolve(tx, paymentId, 'refunded', o)
  const referral = (await forUpdate(tx.select().from(referrals).where(eq(referrals.id, payment.referral_id)).limit(1)))[0]!
  // A home this operator proposed for the placement no longer applies.
  const [proposed] = referral.matched_property_id
    ? await forUpdate(tx.select({ operator_id: properties.operator_id }).from(properties).where(eq(properties.id, referral.matched_property_id)).limit(1))
    : []
  await tx
    .update(referrals)
    .set({
      referral_fee_paid: false,
      ...(referral.status !== 'placed' && proposed?.operator_id === payment.operator_id ? { matched_property_id: null } : {}),
    })
    .where(eq(referrals.id, referral.id))

  const operator = await displayName(tx, payment.operator_id)
  if (operator.email) {
    await enqueueEmail(tx, {
      to: operator.email,
      referral_id: referral.id,
      ...templates.escrowRefunded({ operator_name: operator.name, referral_id: referral.id, amount_cents: payment.amount_cents, reason: o.reason }, await recipientLocale(tx, payment.operator_id)),
    })
  }
  await notify(tx, payment.operator_id, {
    type: 'escrow_refunded',
    title: 'Unlock fee refunded',
    body: 'The unlock fee you paid was refunded.',
    link: '/browse-referrals',
  })
  if (referral.referrer_user_id) {
    await notify(tx, referral.referrer_user_id, {
      type: 'escrow_refunded',
      title: 'Escrow refunded',
      body: "The operator's unlock fee was refunded; your referral is open to other operators again.",
      link: '/referrer-dashboard',
    })
  }
  await writeAudit(tx, o.actor, {
    action: 'escrow.refunded',
    resource_type: 'referral_payment',
    resource_id: payment.id,
    details: { referral_id: referral.id, amount_cents: payment.amount_cents, resolved_by: o.resolvedBy, reason: o.reason },
  })
  await settleSlot(tx, referral.id, o.now)
  await touchTask(tx, referral.id)
  // After the commit `tx` ends its unit of work: sendCardRefund opens its own on the same database.
  if (payment.provider === 'stripe') afterCommit(tx, (db) => sendCardRefund(db, payment.id))
}
