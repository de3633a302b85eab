import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { ACTIVE_WAITLIST_STATUSES, referral_payments, referral_waitlist, referrals, SLOT_STATUSES } from '../../db/schema'
import { afterCommit } from '../../db/unit-of-work'
import { env } from '../../env'
import { conflict } from '../../errors'
import { HOUR } from '../../lib/clock'
import { cancelJob, scheduleJob } from '../../jobs/scheduler'
import { enqueueEmail } from '../../mail/outbox'
import { templates } from '../../mail/templates'
import { expireCheckoutSession } from '../../payments/checkout'
import { notify } from '../notifications'
import { operatorHasUnmaskedAccess, touchTask } from '../referrals'
import { checkoutJobKey, entryJobKey, MARKETPLACE_JOBS, turnJobKey } from './job-keys'
import { displayName } from './marketplace-access'
import { recipientLocale } from '../../mail/recipient'

/**
 * The escrow slot of a referral and its waitlist.
 *
 * The slot itself is decided by the unique partial index
 * `referral_payments_one_slot` (pending | held_in_escrow). What this module
 * adds is the hand-over: when the slot is free, the first operator waiting is
 * given a time-limited turn; only they may take the slot while it lasts.
 * Every function here runs inside the caller's transaction and reads what
 * decides its writes there, with forUpdate (db/dialect.ts); what must wait
 * for the commit (pushes, expiring a Stripe session) is registered on its unit
 * of work (server/db/unit-of-work.ts).
 *
 * Lock order, so that concurrent units of work queue instead of deadlocking
 * (PostgreSQL): the referral's row first (lockReferral), then its payments
 * and waitlist entries. Every writer of a referral's slot or line takes the
 * referral's row before any of those.
 */

/**
 * Locks a referral's row for the rest of the caller's transaction: the gate
 * every change to its slot and waitlist passes (joins, leaves, expiries,
 * payments), so they run one after the other (nothing on SQLite, whose unit
 * of work holds the one write lock).
 */
export async function lockReferral(tx: Tx, referralId: string) {
  await forUpdate(tx.select({ id: referrals.id }).from(referrals).where(eq(referrals.id, referralId)).limit(1))
}

/** The referral an entry belongs to (never changes), read before its lock is taken. */
export async function referralOfEntry(tx: Tx, entryId: string) {
  const [row] = await tx.select({ referral_id: referral_waitlist.referral_id }).from(referral_waitlist).where(eq(referral_waitlist.id, entryId)).limit(1)
  return row?.referral_id ?? null
}

/** The referral a payment belongs to (never changes), read before its lock is taken. */
export async function referralOfPayment(tx: Tx, paymentId: string) {
  const [row] = await tx.select({ referral_id: referral_payments.referral_id }).from(referral_payments).where(eq(referral_payments.id, paymentId)).limit(1)
  return row?.referral_id ?? null
}

type WaitlistEntry = typeof referral_waitlist.$inferSelect

/** Positions stay 1..n among active entries: everyone behind a removed entry moves up one. */
async function compactAfter(tx: Tx, referralId: string, position: number) {
  await tx
    .update(referral_waitlist)
    .set({ position: sql`${referral_waitlist.position} - 1` })
    .where(
      and(
        eq(referral_waitlist.referral_id, referralId),
        inArray(referral_waitlist.status, [...ACTIVE_WAITLIST_STATUSES]),
        gt(referral_waitlist.position, position),
      ),
    )
}

/**
 * Takes an entry off the waitlist (left, expired or converted into a payment)
 * and compacts the positions behind it. Returns the entry as it was, or null
 * when it was no longer active (idempotent).
 */
export async function removeEntry(tx: Tx, entryId: string, status: 'left' | 'expired' | 'converted'): Promise<WaitlistEntry | null> {
  const [before] = await forUpdate(tx.select().from(referral_waitlist).where(eq(referral_waitlist.id, entryId)).limit(1))
  if (!before) return null
  const changed = await tx
    .update(referral_waitlist)
    .set({ status })
    .where(and(eq(referral_waitlist.id, entryId), inArray(referral_waitlist.status, [...ACTIVE_WAITLIST_STATUSES])))
    .returning({ id: referral_waitlist.id })
  if (changed.length === 0) return null
  await compactAfter(tx, before.referral_id, before.position)
  await touchTask(tx, before.referral_id)
  await cancelJob(tx, turnJobKey(entryId))
  await cancelJob(tx, entryJobKey(entryId, before.expires_at))
  return before
}

/** Marks a pending checkout expired (the slot frees) and cancels its expiry job. Null when it was not pending. */
export async function markCheckoutExpired(tx: Tx, paymentId: string) {
  const [payment] = await tx
    .update(referral_payments)
    .set({ status: 'expired' })
    .where(and(eq(referral_payments.id, paymentId), eq(referral_payments.status, 'pending')))
    .returning()
  if (!payment) return null
  await cancelJob(tx, checkoutJobKey(paymentId))
  return payment
}

/**
 * If the slot is free and nobody holds a turn, the first operator waiting gets
 * one: notified in-app and by e-mail, with WAITLIST_NOTIFY_HOURS to pay.
 */
async function handOver(tx: Tx, referralId: string, now: Date) {
  const [referral] = await forUpdate(
    tx
      .select({ status: referrals.status, first: referrals.client_first_name, last: referrals.client_last_name })
      .from(referrals)
      .where(eq(referrals.id, referralId))
      .limit(1),
  )
  if (referral?.status !== 'pending') return
  const [occupied] = await forUpdate(
    tx
      .select({ id: referral_payments.id })
      .from(referral_payments)
      .where(and(eq(referral_payments.referral_id, referralId), inArray(referral_payments.status, [...SLOT_STATUSES])))
      .limit(1),
  )
  if (occupied) return
  const [turn] = await forUpdate(
    tx
      .select({ id: referral_waitlist.id })
      .from(referral_waitlist)
      .where(and(eq(referral_waitlist.referral_id, referralId), eq(referral_waitlist.status, 'notified')))
      .limit(1),
  )
  if (turn) return
  const [next] = await forUpdate(
    tx
      .select()
      .from(referral_waitlist)
      .where(and(eq(referral_waitlist.referral_id, referralId), eq(referral_waitlist.status, 'waiting')))
      .orderBy(asc(referral_waitlist.position), asc(referral_waitlist.created_at), asc(referral_waitlist.id))
      .limit(1),
  )
  if (!next) return
  const expiresAt = new Date(now.getTime() + env.WAITLIST_NOTIFY_HOURS * HOUR)
  await tx
    .update(referral_waitlist)
    .set({ status: 'notified', notified_at: now, notification_expires_at: expiresAt })
    .where(eq(referral_waitlist.id, next.id))
  await scheduleJob(tx, {
    kind: MARKETPLACE_JOBS.turnExpiry,
    key: turnJobKey(next.id),
    runAt: expiresAt,
    payload: { entry_id: next.id },
  })
  const operator = await displayName(tx, next.operator_id)
  if (operator.email) {
    await enqueueEmail(tx, {
      to: operator.email,
      referral_id: referralId,
      ...templates.waitlistTurn({ operator_name: operator.name, referral_id: referralId, expires_at: expiresAt }, await recipientLocale(tx, next.operator_id)),
    })
  }
  await notify(tx, next.operator_id, {
    type: 'waitlist_turn',
    title: "It's your turn: a referral you waited for is available",
    body: `You are first in line and have ${env.WAITLIST_NOTIFY_HOURS} hours to pay the unlock fee. After that the next operator in line gets the chance.`,
    link: '/browse-referrals',
  })
}

/**
 * Brings a referral's slot up to date at `now`: a pending checkout past its
 * hold frees the slot, a waitlist turn that ran out passes on, and a free slot
 * goes to the next in line. The scheduler does the same at each due time;
 * doing it here too means a late runner never lets anyone jump the queue.
 */
export async function settleSlot(tx: Tx, referralId: string, now: Date) {
  const overdue = await forUpdate(
    tx
      .select({ id: referral_payments.id })
      .from(referral_payments)
      .where(
        and(
          eq(referral_payments.referral_id, referralId),
          eq(referral_payments.status, 'pending'),
          lte(referral_payments.checkout_expires_at, now),
        ),
      ),
  )
  for (const p of overdue) {
    const expired = await markCheckoutExpired(tx, p.id)
    if (expired?.checkout_session_id) {
      const session = expired.checkout_session_id
      afterCommit(tx, () => expireCheckoutSession(session))
    }
  }
  const lapsed = await forUpdate(
    tx
      .select({ id: referral_waitlist.id })
      .from(referral_waitlist)
      .where(
        and(
          eq(referral_waitlist.referral_id, referralId),
          eq(referral_waitlist.status, 'notified'),
          lte(referral_waitlist.notification_expires_at, now),
        ),
      ),
  )
  for (const e of lapsed) await removeEntry(tx, e.id, 'expired')
  await handOver(tx, referralId, now)
}

/**
 * The operator's own checkout for a referral, still open (a pending payment),
 * or null when they have none. An operator who already paid (the fee held or
 * released after placement) or may already see the referral unmasked is
 * refused: 409 already_unlocked. Read locked in the caller's transaction: it
 * decides whether they may pay or queue.
 */
export async function ownOpenCheckout(tx: Tx, referralId: string, operatorId: string) {
  const [payment] = await forUpdate(
    tx
      .select()
      .from(referral_payments)
      .where(
        and(
          eq(referral_payments.referral_id, referralId),
          eq(referral_payments.operator_id, operatorId),
          inArray(referral_payments.status, ['pending', 'held_in_escrow', 'released_to_referrer']),
        ),
      )
      .limit(1),
  )
  if (payment?.status === 'pending') return payment
  if (payment || (await operatorHasUnmaskedAccess(tx, referralId, operatorId))) {
    throw conflict('already_unlocked', 'marketplace.alreadyUnlockedReferral')
  }
  return null
}

/** The last active entry of a referral's line (null when nobody waits), locked: a row can be locked, an aggregate cannot (PostgreSQL). */
export async function lastInLine(tx: Tx, referralId: string) {
  const [last] = await forUpdate(
    tx
      .select({ id: referral_waitlist.id, position: referral_waitlist.position })
      .from(referral_waitlist)
      .where(and(eq(referral_waitlist.referral_id, referralId), inArray(referral_waitlist.status, [...ACTIVE_WAITLIST_STATUSES])))
      .orderBy(desc(referral_waitlist.position), desc(referral_waitlist.id))
      .limit(1),
  )
  return last ?? null
}

/**
 * The waitlist entry (waiting or notified) of one operator on one referral.
 * Read in the caller's transaction: the entry decides what the caller writes.
 */
export async function activeEntry(tx: Tx, referralId: string, operatorId: string) {
  const [entry] = await forUpdate(
    tx
      .select()
      .from(referral_waitlist)
      .where(
        and(
          eq(referral_waitlist.referral_id, referralId),
          eq(referral_waitlist.operator_id, operatorId),
          inArray(referral_waitlist.status, [...ACTIVE_WAITLIST_STATUSES]),
        ),
      )
      .limit(1),
  )
  return entry ?? null
}

/** Schedules the 90-day expiry of an entry at its current `expires_at`. */
export async function scheduleEntryExpiry(tx: Tx, entry: { id: string; expires_at: Date }) {
  await scheduleJob(tx, {
    kind: MARKETPLACE_JOBS.entryExpiry,
    key: entryJobKey(entry.id, entry.expires_at),
    runAt: entry.expires_at,
    payload: { entry_id: entry.id },
  })
}
