import { and, eq } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { fhir_subscriptions } from '../../../db/schema'
import { transaction } from '../../../db/unit-of-work'
import { notFound } from '../../../errors'
import { type Actor, writeAudit } from '../../../lib/audit'
import type { SystemCaller } from '../../../types'
import { subscriptionStatus } from './topic'

/** A subscription of this client, or 404 (another client's is as unknown as a missing one). */
export async function ownSubscription(db: DB, caller: SystemCaller, id: string) {
  const [row] = await db.select().from(fhir_subscriptions).where(and(eq(fhir_subscriptions.id, id), eq(fhir_subscriptions.client_id, caller.clientId)))
  if (!row) throw notFound('fhir.noSubscription')
  return row
}

/** DELETE /fhir/r4/Subscription/<id>: gone with its undelivered notifications. Audited. */
export async function deleteSubscription(db: DB, caller: SystemCaller, actor: Actor, id: string) {
  return transaction(db, async (tx) => {
    const [row] = await tx.delete(fhir_subscriptions).where(and(eq(fhir_subscriptions.id, id), eq(fhir_subscriptions.client_id, caller.clientId))).returning({ id: fhir_subscriptions.id })
    if (!row) throw notFound('fhir.noSubscription')
    await writeAudit(tx, actor, { action: 'fhir_subscription.deleted', resource_type: 'fhir_subscription', resource_id: id, details: { client_id: caller.clientId } })
  })
}

/** GET /fhir/r4/Subscription/<id>/$status: a searchset Bundle of one SubscriptionStatus (`query-status`). */
export async function subscriptionStatusBundle(db: DB, caller: SystemCaller, id: string) {
  const row = await ownSubscription(db, caller, id)
  const status = subscriptionStatus({ id: row.id, status: row.status, eventsSinceStart: row.events_since_start, lastError: row.last_error }, 'query-status')
  return { resourceType: 'Bundle' as const, type: 'searchset' as const, total: 1, entry: [{ fullUrl: `urn:uuid:${status.id}`, resource: status, search: { mode: 'match' as const } }] }
}
