import { and, eq, isNull } from 'drizzle-orm'
import { forUpdate } from '../../db/dialect'
import { referral_payments, referral_waitlist, referrals, user_roles, users } from '../../db/schema'
import { afterCommit } from '../../db/unit-of-work'
import { writeAudit, SCHEDULER_ACTOR } from '../../lib/audit'
import { MINUTE } from '../../lib/clock'
import { defineJob, every } from '../../jobs/scheduler'
import { expireCheckoutSession } from '../../payments/checkout'
import { templates } from '../../mail/templates'
import { mailIfWanted, notify } from '../notifications'
import { displayName } from './marketplace-access'
import { answerLinkPath, createPlacementAnswerLink } from './placement-answer-token'
import { retryCardRefunds } from './card-refunds'
import { MARKETPLACE_JOBS } from './job-keys'
import { lockReferral, markCheckoutExpired, referralOfEntry, referralOfPayment, removeEntry, settleSlot } from './slot'
import { recipientLocale } from '../../mail/recipient'

/**
 * The marketplace's expiries. Each handler runs in
 * the runner's transaction together with marking its job done, so it fires
 * exactly once; each also re-checks the row there (locked), so a job whose
 * subject moved on (paid, left, renewed) does nothing. Their pushes wait for
 * that commit (the runner's unit of work).
 */

/** Registers the marketplace's job kinds and periodic tasks (called once, by server/composition.ts). */
export function registerMarketplaceJobs() {
  /** A pending checkout held the slot for CHECKOUT_HOLD_MINUTES without being paid: free it, hand over. */
  defineJob(MARKETPLACE_JOBS.checkoutExpiry, async ({ tx, payload, now }) => {
    const referralId = await referralOfPayment(tx, String(payload.payment_id))
    if (!referralId) return
    await lockReferral(tx, referralId)
    const expired = await markCheckoutExpired(tx, String(payload.payment_id))
    if (!expired) return
    const session = expired.checkout_session_id
    if (session) afterCommit(tx, () => expireCheckoutSession(session))
    await settleSlot(tx, expired.referral_id, now)
  })

  /** A notified operator did not pay within WAITLIST_NOTIFY_HOURS: skip them, the next in line gets the turn. */
  defineJob(MARKETPLACE_JOBS.turnExpiry, async ({ tx, payload, now }) => {
    const referralId = await referralOfEntry(tx, String(payload.entry_id))
    if (!referralId) return
    await lockReferral(tx, referralId)
    const [entry] = await forUpdate(tx.select().from(referral_waitlist).where(eq(referral_waitlist.id, String(payload.entry_id))).limit(1))
    if (entry?.status !== 'notified') return
    if ((entry.notification_expires_at?.getTime() ?? 0) > now.getTime()) return
    await removeEntry(tx, entry.id, 'expired')
    await settleSlot(tx, entry.referral_id, now)
  })

  /** Waitlist entries expire after WAITLIST_EXPIRY_DAYS unless renewed (a renewal schedules its own job). */
  defineJob(MARKETPLACE_JOBS.entryExpiry, async ({ tx, payload, now }) => {
    const referralId = await referralOfEntry(tx, String(payload.entry_id))
    if (!referralId) return
    await lockReferral(tx, referralId)
    const [entry] = await forUpdate(tx.select().from(referral_waitlist).where(eq(referral_waitlist.id, String(payload.entry_id))).limit(1))
    if (!entry || (entry.status !== 'waiting' && entry.status !== 'notified')) return
    if (entry.expires_at.getTime() > now.getTime()) return
    await removeEntry(tx, entry.id, 'expired')
    if (entry.status === 'notified') await settleSlot(tx, entry.referral_id, now)
  })

  /**
   * The escrow hold ended without a decision: the payment shows as Expired to
   * admins (who release or refund it with a reason), and every admin is told.
   */
  defineJob(MARKETPLACE_JOBS.holdEnd, async ({ tx, payload, now }) => {
    const [payment] = await tx
      .update(referral_payments)
      .set({ escrow_expired_at: now })
      .where(
        and(
          eq(referral_payments.id, String(payload.payment_id)),
          eq(referral_payments.status, 'held_in_escrow'),
          isNull(referral_payments.escrow_expired_at),
        ),
      )
      .returning()
    if (!payment) return
    await writeAudit(tx, SCHEDULER_ACTOR, {
      action: 'escrow.hold_expired',
      resource_type: 'referral_payment',
      resource_id: payment.id,
      details: { referral_id: payment.referral_id, amount_cents: payment.amount_cents },
    })
    const admins = await tx
      .select({ id: users.id })
      .from(user_roles)
      .innerJoin(users, eq(users.id, user_roles.user_id))
      .where(and(eq(user_roles.role, 'admin'), isNull(users.deleted_at)))
    for (const admin of admins) {
      await notify(tx, admin.id, {
        type: 'escrow_expired',
        title: 'Escrow hold ended without a decision',
        body: 'The placement was not confirmed by both sides in time. Release or refund the payment from the Escrow tab.',
        link: '/admin?tab=escrow',
      })
    }
  })

  /**
   * Before the hold ends: each party who has not answered about the placement
   * is e-mailed (a payment decided meanwhile, or already answered, gets nothing).
   */
  defineJob(MARKETPLACE_JOBS.holdReminder, async ({ tx, payload }) => {
    const [payment] = await tx
      .select()
      .from(referral_payments)
      .where(and(eq(referral_payments.id, String(payload.payment_id)), eq(referral_payments.status, 'held_in_escrow'), isNull(referral_payments.escrow_expired_at)))
      .limit(1)
    if (!payment?.escrow_hold_until) return
    const [referral] = await tx.select({ referrer_user_id: referrals.referrer_user_id }).from(referrals).where(eq(referrals.id, payment.referral_id)).limit(1)
    const waiting = [
      ...(payment.referrer_confirmation || !referral?.referrer_user_id ? [] : [{ id: referral.referrer_user_id }]),
      ...(payment.operator_confirmation ? [] : [{ id: payment.operator_id }]),
    ]
    for (const party of waiting) {
      const to = await displayName(tx, party.id)
      if (!to.email) continue
      await mailIfWanted(tx, {
        user_id: party.id,
        topic: 'hold_reminder',
        email: {
          to: to.email,
          referral_id: payment.referral_id,
          ...templates.escrowHoldEnding({ name: to.first_name ?? '', hold_until: payment.escrow_hold_until, path: answerLinkPath(await createPlacementAnswerLink(tx, { payment_id: payment.id, user_id: party.id, expires_at: payment.escrow_hold_until })) }, await recipientLocale(tx, party.id)),
        },
      })
    }
  })

  /** Refunds Stripe has not accepted yet are sent again (same idempotency key). */
  every('marketplace.card-refunds', 5 * MINUTE, retryCardRefunds)
}
