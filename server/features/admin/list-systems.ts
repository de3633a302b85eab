import type { Executor } from '../../db/client'
import { listSubscriptionsByClient } from '../fhir'
import { listClients } from '../systems'

/**
 * The registered systems (SMART Backend Services, ADR 038) with their Subscriptions (ADR 043), for the
 * admin's Systems tab: who acts for which account, with which scopes, when last used, revoked or not;
 * each subscription's status, endpoint host and errors (never its headers or full endpoint URL).
 */
export async function listSystems(db: Executor) {
  const clients = await listClients(db)
  const subscriptions = await listSubscriptionsByClient(db, clients.map((c) => c.client_id))
  return clients.map(({ keys: _keys, ...c }) => ({ ...c, subscriptions: subscriptions.get(c.client_id) ?? [] }))
}
