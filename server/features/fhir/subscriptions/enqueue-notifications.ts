import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Tx } from '../../../db/client'
import { fhir_clients, fhir_subscription_notifications, fhir_subscriptions, referrals } from '../../../db/schema'
import { afterCommit, inUnitOfWork } from '../../../db/unit-of-work'
import { runSoon } from '../../../jobs/scheduler'
import { parseFilter, requesterReference } from './subscription-resource'

/** The periodic task that delivers notifications (subscriptions.jobs.ts). */
export const SUBSCRIPTION_DELIVERY = 'fhir-subscription-delivery'

/** A new version of a referral's Task (the shape the fhir area's Task-change hook hands its listeners). */
export type TaskChange = { referralId: string; taskId: string; versionId: string | number; changedAt: Date }

/**
 * A referral's Task changed (a new versionId): one notification per live subscription (active, or in
 * error and still retrying; the Task topic is the only one) whose filter matches, inserted in the caller's transaction, so a
 * notification exists if and only if the change committed (ADR 043). Only Tasks the subscription's
 * account may read ever match: those of the referrals it made (a system acts for one referrer account).
 *
 * Each takes the next number of its subscription: the increment locks the subscription's row until
 * commit (on PostgreSQL; SQLite has one writer), so two changes at once number 1 and 2, never 1 twice,
 * and a unique key (subscription, number) would refuse a duplicate anyway. Delivered after commit.
 */
export async function enqueueTaskNotifications(tx: Tx, change: TaskChange) {
  const [referral] = await tx.select({ owner: referrals.referrer_user_id }).from(referrals).where(eq(referrals.id, change.referralId))
  if (!referral?.owner) return 0
  const candidates = await tx
    .select({ id: fhir_subscriptions.id, filter: fhir_subscriptions.filter })
    .from(fhir_subscriptions)
    .innerJoin(fhir_clients, eq(fhir_clients.id, fhir_subscriptions.client_id))
    .where(and(eq(fhir_clients.user_id, referral.owner), isNull(fhir_clients.revoked_at), inArray(fhir_subscriptions.status, ['active', 'error'])))
    .orderBy(fhir_subscriptions.id)
  const matching = candidates.filter((s) => {
    const f = parseFilter(s.filter)
    if (!f) return false
    return f.param === '_id' ? f.value === change.taskId : f.value === requesterReference(referral.owner!)
  })
  for (const sub of matching) {
    // The row lock that numbers this subscription's events (held until this transaction ends).
    const [numbered] = await tx
      .update(fhir_subscriptions)
      .set({ events_since_start: sql`${fhir_subscriptions.events_since_start} + 1` })
      .where(eq(fhir_subscriptions.id, sub.id))
      .returning({ n: fhir_subscriptions.events_since_start })
    await tx.insert(fhir_subscription_notifications).values({
      subscription_id: sub.id,
      event_number: numbered!.n,
      referral_id: change.referralId,
      task_id: change.taskId,
      version_id: String(change.versionId),
      changed_at: change.changedAt,
    })
  }
  if (matching.length && inUnitOfWork(tx)) afterCommit(tx, () => runSoon(SUBSCRIPTION_DELIVERY))
  return matching.length
}
