import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { fhir_clients, fhir_subscription_notifications as notifications, fhir_subscriptions } from '../../../db/schema'
import { transaction } from '../../../db/unit-of-work'
import { SCHEDULER_ACTOR } from '../../../lib/audit'
import { backoffMs, clock, MINUTE } from '../../../lib/clock'
import { log } from '../../../lib/logger'
import { sendNotification, setStatus } from './send-notification'
import type { SubscriptionRow } from './subscription-resource'
import { taskForNotification } from './task-for-notification'
import { notificationBundle } from './topic'

/**
 * Delivery rules (ADR 043): a notification is tried up to MAX_ATTEMPTS times, 1, 2, 4, 8, 16 minutes
 * apart, like e-mail; a subscription whose deliveries failed ERROR_AFTER times in a row is in `error`
 * until one succeeds. A claimed subscription is its instance's for LEASE_MS (every instance runs this
 * job); at most PER_CLAIM notifications are sent per claim, so the lease outlasts their timeouts. Up to
 * CONCURRENCY subscriptions are delivered at once (each in its own event order): one slow endpoint does
 * not hold up the others, and 200 subscriptions' notifications are not sent one after another
 * (`npm run bench:fhir-api`: notification latency p50 4.6 s serial, README for the figure now).
 */
export const DELIVERY = { maxAttempts: 6, errorAfter: 3, leaseMs: 5 * MINUTE, perClaim: 20, concurrency: 8 } as const

type Notification = typeof notifications.$inferSelect

/**
 * Delivers due notifications. Exactly once across instances: a subscription is claimed by a
 * conditional update of its lease (the second instance's update waits for the first's row lock, then
 * finds the lease taken and changes nothing); the claimer sends its notifications one at a time in
 * event order, each marked sent in its own short transaction before the next, and releases the lease.
 * An instance that dies holding a lease is replaced when the lease ends; the notification it was
 * sending is then sent again (as an e-mail is, ADR 022: nothing avoids that without the receiver).
 * A failure stops the subscription's round, so a later event never overtakes an earlier one.
 */
export async function deliverNotifications(db: DB) {
  const now = clock.now()
  const due = await db
    .selectDistinct({ id: notifications.subscription_id })
    .from(notifications)
    .innerJoin(fhir_subscriptions, eq(fhir_subscriptions.id, notifications.subscription_id))
    .innerJoin(fhir_clients, eq(fhir_clients.id, fhir_subscriptions.client_id))
    .where(
      and(
        eq(notifications.status, 'pending'),
        lte(notifications.next_attempt_at, now),
        inArray(fhir_subscriptions.status, ['active', 'error']),
        isNull(fhir_clients.revoked_at),
        or(isNull(fhir_subscriptions.delivering_until), lte(fhir_subscriptions.delivering_until, now)),
      ),
    )
    .limit(100)
  let sent = 0
  let taken = 0
  // A few workers share the due subscriptions; each subscription is one worker's, claimed as below.
  const worker = async () => {
    while (taken < due.length) sent += await claimAndDeliver(db, due[taken++]!.id)
  }
  await Promise.all(Array.from({ length: Math.min(DELIVERY.concurrency, due.length) }, worker))
  return sent
}

/** Claims one subscription's lease (or finds another instance holds it), delivers its due notifications, releases it. */
async function claimAndDeliver(db: DB, id: string) {
  const until = new Date(clock.ms() + DELIVERY.leaseMs)
  const [claimed] = await transaction(db, (tx) =>
    tx
      .update(fhir_subscriptions)
      .set({ delivering_until: until })
      .where(and(eq(fhir_subscriptions.id, id), or(isNull(fhir_subscriptions.delivering_until), lte(fhir_subscriptions.delivering_until, clock.now()))))
      .returning(),
  )
  if (!claimed) return 0 // another instance has it
  try {
    return await deliverFor(db, claimed)
  } finally {
    await transaction(db, (tx) => tx.update(fhir_subscriptions).set({ delivering_until: null }).where(and(eq(fhir_subscriptions.id, id), eq(fhir_subscriptions.delivering_until, until))))
  }
}

async function deliverFor(db: DB, claimed: SubscriptionRow) {
  let sub = claimed
  let sent = 0
  for (let i = 0; i < DELIVERY.perClaim; i++) {
    const [next] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.subscription_id, sub.id), eq(notifications.status, 'pending')))
      .orderBy(asc(notifications.event_number))
      .limit(1)
    if (!next || next.next_attempt_at > clock.now()) break
    const bundle = await buildNotification(db, sub, next)
    const problem = await sendNotification(sub, bundle)
    const done = await transaction(db, async (tx) => {
      const [current] = await tx.select().from(fhir_subscriptions).where(eq(fhir_subscriptions.id, sub.id))
      if (!current) return null // deleted meanwhile: its notifications went with it
      if (!problem) {
        await tx.update(notifications).set({ status: 'sent', sent_at: clock.now(), attempts: next.attempts + 1, last_error: null }).where(eq(notifications.id, next.id))
        await setStatus(tx, SCHEDULER_ACTOR, current, current.status === 'error' ? 'active' : current.status, { error_count: 0, last_error: null })
        return { ...current, status: current.status === 'error' ? ('active' as const) : current.status, error_count: 0, last_error: null }
      }
      const attempts = next.attempts + 1
      await tx
        .update(notifications)
        .set({ attempts, last_error: problem, status: attempts >= DELIVERY.maxAttempts ? 'failed' : 'pending', next_attempt_at: new Date(clock.ms() + backoffMs(attempts)) })
        .where(eq(notifications.id, next.id))
      const errors = current.error_count + 1
      const status = errors >= DELIVERY.errorAfter && current.status === 'active' ? 'error' : current.status
      await setStatus(tx, SCHEDULER_ACTOR, current, status, { error_count: errors, last_error: problem })
      return null
    })
    if (!done) {
      log.warn('subscription notification failed', { subscription_id: sub.id, event_number: next.event_number, attempts: next.attempts + 1 })
      break
    }
    sub = done
    sent++
    log.info('subscription notification sent', { subscription_id: sub.id, event_number: next.event_number })
  }
  return sent
}

/** The event-notification Bundle of one notification: ids only, plus the Task for `full-resource`. */
async function buildNotification(db: DB, sub: SubscriptionRow, n: Notification) {
  const focus = `Task/${n.task_id}/_history/${n.version_id}`
  // Events since the start, this one included: its own number (later events may exist already).
  const facts = { id: sub.id, status: sub.status, eventsSinceStart: n.event_number }
  const event = { number: n.event_number, changedAt: n.changed_at, focus }
  if (sub.payload !== 'full-resource') return notificationBundle(facts, 'event-notification', [event])
  const task = await transaction(db, (tx) => taskForNotification(tx, sub.client_id, n.referral_id))
  return notificationBundle(facts, 'event-notification', [event], task ? [task] : [])
}
