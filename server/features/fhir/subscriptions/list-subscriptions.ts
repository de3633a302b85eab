import { asc, inArray } from 'drizzle-orm'
import type { Executor } from '../../../db/client'
import { fhir_subscriptions } from '../../../db/schema'

/** The subscriptions of these clients, for the admin's Systems tab: status, endpoint host, errors (never headers). */
export async function listSubscriptionsByClient(db: Executor, clientIds: string[]) {
  if (!clientIds.length) return new Map<string, SubscriptionSummary[]>()
  const rows = await db
    .select({ id: fhir_subscriptions.id, client_id: fhir_subscriptions.client_id, status: fhir_subscriptions.status, endpoint: fhir_subscriptions.endpoint, payload: fhir_subscriptions.payload, error_count: fhir_subscriptions.error_count, last_error: fhir_subscriptions.last_error, events: fhir_subscriptions.events_since_start, created_at: fhir_subscriptions.created_at })
    .from(fhir_subscriptions)
    .where(inArray(fhir_subscriptions.client_id, clientIds))
    .orderBy(asc(fhir_subscriptions.created_at), asc(fhir_subscriptions.id))
  const byClient = new Map<string, SubscriptionSummary[]>()
  for (const r of rows) {
    const list = byClient.get(r.client_id) ?? []
    list.push({ id: r.id, status: r.status, endpoint_host: new URL(r.endpoint).host, payload: r.payload, error_count: r.error_count, last_error: r.last_error, events_since_start: r.events, created_at: r.created_at.toISOString() })
    byClient.set(r.client_id, list)
  }
  return byClient
}
export type SubscriptionSummary = { id: string; status: 'requested' | 'active' | 'error' | 'off'; endpoint_host: string; payload: 'id-only' | 'full-resource'; error_count: number; last_error: string | null; events_since_start: number; created_at: string }
