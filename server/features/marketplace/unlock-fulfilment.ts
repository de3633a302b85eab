import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { ACTIVE_WAITLIST_STATUSES, referral_payments, referral_waitlist, referrals } from '../../db/schema'
import { afterCommit, inUnitOfWork, savepoint } from '../../db/unit-of-work'
import { env } from '../../env'
import { conflict, notFound } from '../../errors'
import { writeAudit } from '../../lib/audit'
import { clock, HOUR } from '../../lib/clock'
import { cancelJob, scheduleJob } from '../../jobs/scheduler'
import { enqueueEmail } from '../../mail/outbox'
import { templates } from '../../mail/templates'
import { registerFulfilment, type CheckoutSummary } from '../../payments/fulfilment'
import type { CurrentUser } from '../../types'
import { openConversation } from '../messaging'
import { notify } from '../notifications'
import { sendCardRefund } from './card-refunds'
import { checkoutJobKey, holdEndJobKey, holdReminderAt, holdReminderJobKey, MARKETPLACE_JOBS } from './job-keys'
import { recordInterest } from './express-interest'
import { displayName, isSlotConflict } from './marketplace-access'
import { maskName } from './referral-view'
import { activeEntry, lockReferral, markCheckoutExpired, referralOfPayment, removeEntry, settleSlot } from './slot'
import { touchTask } from '../referrals'
import { recipientLocale } from '../../mail/recipient'

/**
 * The 'unlock' kind of the checkout registry (server/payments/fulfilment.ts):
 * billing's Stripe webhook and offline checkout page call these with the id of
 * a referral_payments row. Completion and cancellation are idempotent.
 */

export const CHECKOUT_EXPIRED = 'marketplace.checkoutExpired'

type PaymentRef = { provider: 'stripe' | 'offline'; payment_intent_id?: string | null }

/**
 * What the offline checkout page shows: only to the operator whose open
 * checkout it is. The page completes or cancels in a transaction that calls
 * this first with its `tx`: the owner and state checks are then read there,
 * locked.
 */
export async function describeUnlock(db: Executor, paymentId: string, user: CurrentUser): Promise<CheckoutSummary> {
  const query = db
    .select({ payment: referral_payments, first: referrals.client_first_name, last: referrals.client_last_name })
    .from(referral_payments)
    .innerJoin(referrals, eq(referrals.id, referral_payments.referral_id))
    .where(and(eq(referral_payments.id, paymentId), eq(referral_payments.operator_id, user.id)))
    .limit(1)
  const [row] = await (inUnitOfWork(db) ? forUpdate(query) : query)
  if (row?.payment.status !== 'pending') throw notFound('marketplace.checkoutNotFound')
  if ((row.payment.checkout_expires_at?.getTime() ?? 0) <= clock.ms()) throw notFound(CHECKOUT_EXPIRED)
  return {
    title: 'Referral unlock fee',
    description: `Unlocks the full details of the referral for ${maskName(row.first)} ${maskName(row.last)}. The fee is held in escrow for ${env.ESCROW_HOLD_HOURS} hours: released to the referrer when the placement is confirmed, refunded to you if it is not.`,
    amount_cents: row.payment.amount_cents,
  }
}

/**
 * The fee was paid: the payment is held in escrow until `escrow_hold_until`,
 * the referral is unlocked for this operator, their interest is recorded
 * (once), their conversation with the referrer opens, and the waitlist entry
 * they had (if any) is converted.
 *
 * A card payment that arrives after the checkout hold ended takes the slot
 * back only if it is still free and nobody else is in line; otherwise it is
 * refunded (Stripe, after commit).
 *
 * The payment's state is read here, locked, in the caller's transaction:
 * what a webhook or the offline page saw before is not what decides.
 */
export async function completeUnlock(tx: Tx, paymentId: string, ref: PaymentRef): Promise<void> {
  const now = clock.now()
  const referralId = await referralOfPayment(tx, paymentId)
  if (referralId) await lockReferral(tx, referralId)
  const [payment] = await forUpdate(tx.select().from(referral_payments).where(eq(referral_payments.id, paymentId)).limit(1))
  if (!payment) throw notFound('marketplace.checkoutNotFound')
  if (payment.status !== 'pending' && payment.status !== 'expired') return // already decided
  const overdue = payment.status === 'expired' || (payment.checkout_expires_at?.getTime() ?? 0) <= now.getTime()
  // No card was charged on the offline page: an expired checkout is simply over.
  if (overdue && ref.provider === 'offline') throw conflict('checkout_expired', CHECKOUT_EXPIRED)
  const intent = ref.payment_intent_id ?? payment.payment_intent_id

  if (payment.status === 'expired' && (await othersInLine(tx, payment.referral_id, payment.operator_id))) {
    await refundLatePayment(tx, payment, intent, now)
    return
  }
  let held: typeof referral_payments.$inferSelect | undefined
  try {
    // In a savepoint: on PostgreSQL a refused statement aborts its transaction, and the refund below must still be written.
    const updated = await savepoint(tx, (inner) =>
      inner
        .update(referral_payments)
        .set({
          status: 'held_in_escrow',
          provider: ref.provider,
          payment_intent_id: intent,
          paid_at: now,
          escrow_hold_until: new Date(now.getTime() + env.ESCROW_HOLD_HOURS * HOUR),
        })
        .where(and(eq(referral_payments.id, paymentId), inArray(referral_payments.status, ['pending', 'expired'])))
        .returning(),
    )
    held = updated[0]
  } catch (error) {
    if (!isSlotConflict(error)) throw error
    await refundLatePayment(tx, payment, intent, now)
    return
  }
  if (!held) return

  const referral = (await forUpdate(tx.select().from(referrals).where(eq(referrals.id, held.referral_id)).limit(1)))[0]!
  await tx.update(referrals).set({ referral_fee_paid: true }).where(eq(referrals.id, referral.id))
  // A paying operator is an interested one: recorded now, not when the checkout started (a cancelled checkout expresses nothing).
  await recordInterest(tx, referral, held.operator_id)
  await openConversation(tx, { referral_id: referral.id, operator_id: held.operator_id, opened_by: 'unlock' })
  const entry = await activeEntry(tx, referral.id, held.operator_id)
  if (entry) await removeEntry(tx, entry.id, 'converted')
  await cancelJob(tx, checkoutJobKey(held.id))
  await touchTask(tx, referral.id)
  await scheduleJob(tx, {
    kind: MARKETPLACE_JOBS.holdEnd,
    key: holdEndJobKey(held.id),
    runAt: held.escrow_hold_until!,
    payload: { payment_id: held.id },
  })
  await scheduleJob(tx, {
    kind: MARKETPLACE_JOBS.holdReminder,
    key: holdReminderJobKey(held.id),
    runAt: holdReminderAt(now, held.escrow_hold_until!),
    payload: { payment_id: held.id },
  })
  const operator = await displayName(tx, held.operator_id)
  await writeAudit(tx, { id: held.operator_id, label: operator.email ?? 'operator', ip: null }, {
    action: 'escrow.paid',
    resource_type: 'referral_payment',
    resource_id: held.id,
    details: { referral_id: referral.id, amount_cents: held.amount_cents, provider: ref.provider, hold_until: held.escrow_hold_until!.toISOString() },
  })
  if (operator.email) {
    await enqueueEmail(tx, {
      to: operator.email,
      referral_id: referral.id,
      ...templates.escrowPaid({ operator_name: operator.name, referral_id: referral.id, amount_cents: held.amount_cents, hold_until: held.escrow_hold_until! }, await recipientLocale(tx, held.operator_id)),
    })
  }
  await notify(tx, held.operator_id, {
    type: 'escrow_paid',
    title: 'Referral unlocked',
    body: `Your payment is held in escrow. You can now see the full referral and message the referrer.`,
    link: '/browse-referrals',
  })
  if (referral.referrer_user_id) {
    await notify(tx, referral.referrer_user_id, {
      type: 'escrow_paid',
      title: 'An operator unlocked your referral',
      body: `${operator.name} paid the unlock fee, held in escrow. Confirm the placement from your dashboard once it is decided.`,
      link: '/referrer-dashboard',
    })
  }
}

async function othersInLine(tx: Tx, referralId: string, operatorId: string) {
  const [other] = await forUpdate(
    tx
      .select({ id: referral_waitlist.id })
      .from(referral_waitlist)
      .where(
        and(
          eq(referral_waitlist.referral_id, referralId),
          ne(referral_waitlist.operator_id, operatorId),
          inArray(referral_waitlist.status, [...ACTIVE_WAITLIST_STATUSES]),
        ),
      )
      .limit(1),
  )
  return !!other
}

async function refundLatePayment(tx: Tx, payment: typeof referral_payments.$inferSelect, intent: string | null, now: Date) {
  const reason = 'Paid after the checkout expired; the escrow slot had passed to another operator'
  await tx
    .update(referral_payments)
    .set({ status: 'refunded', provider: 'stripe', payment_intent_id: intent, paid_at: now, resolved_at: now, resolved_by: 'system', resolution_reason: reason })
    .where(eq(referral_payments.id, payment.id))
  await cancelJob(tx, checkoutJobKey(payment.id))
  const operator = await displayName(tx, payment.operator_id)
  await writeAudit(tx, { id: null, label: 'system', ip: null }, {
    action: 'escrow.late_payment_refunded',
    resource_type: 'referral_payment',
    resource_id: payment.id,
    details: { referral_id: payment.referral_id, amount_cents: payment.amount_cents },
  })
  if (operator.email) {
    await enqueueEmail(tx, {
      to: operator.email,
      referral_id: payment.referral_id,
      ...templates.escrowRefunded({ operator_name: operator.name, referral_id: payment.referral_id, amount_cents: payment.amount_cents, reason }, await recipientLocale(tx, payment.operator_id)),
    })
  }
  await notify(tx, payment.operator_id, {
    type: 'escrow_refunded',
    title: 'Payment refunded',
    body: 'Your payment arrived after the checkout expired and the referral had passed to another operator, so it is refunded.',
    link: '/browse-referrals',
  })
  // After the commit `tx` ends its unit of work: sendCardRefund opens its own on the same database.
  afterCommit(tx, (db) => sendCardRefund(db, payment.id))
}

/** The checkout was cancelled (offline page) or expired (Stripe): the slot frees and passes to the waitlist. */
export async function cancelUnlock(tx: Tx, paymentId: string): Promise<void> {
  const referralId = await referralOfPayment(tx, paymentId)
  if (referralId) await lockReferral(tx, referralId)
  const expired = await markCheckoutExpired(tx, paymentId)
  if (!expired) return
  await settleSlot(tx, expired.referral_id, clock.now())
}

/** Registers checkout kind 'unlock' (called once, by server/composition.ts). */
export function registerUnlockCheckout() {
  registerFulfilment('unlock', { describe: describeUnlock, complete: completeUnlock, cancel: cancelUnlock })
}
