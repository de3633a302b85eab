import { eq } from 'drizzle-orm'
import type { Executor, Tx } from '../../../db/client'
import { fhir_subscriptions } from '../../../db/schema'
import { type Actor, writeAudit } from '../../../lib/audit'
import { log } from '../../../lib/logger'
import { DELIVERY_RULES, EndpointRefused, postToEndpoint } from './endpoint-guard'
import type { SubscriptionRow } from './subscription-resource'

/** The channel's `Name: value` header lines as a header object (sent with every notification). */
export function channelHeaders(lines: string[]) {
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const at = line.indexOf(':')
    headers[line.slice(0, at).trim()] = line.slice(at + 1).trim()
  }
  return headers
}

/**
 * Posts one notification Bundle to the subscription's endpoint. Answers null when the receiver
 * answered 2xx, else why not — in words that name neither the care data nor the receiver's secrets
 * (they go into last_error, the audit log and the admin's view). Logged with ids only.
 */
export async function sendNotification(sub: SubscriptionRow, bundle: object): Promise<string | null> {
  const body = JSON.stringify(bundle)
  if (body.length > DELIVERY_RULES.maxBodyBytes) return 'The notification is larger than 1 MB'
  try {
    const answer = await postToEndpoint(sub.endpoint, channelHeaders(sub.headers), body)
    if (answer.ok) return null
    return answer.status >= 300 && answer.status < 400 ? `The endpoint answered ${answer.status} (redirects are not followed)` : `The endpoint answered ${answer.status}`
  } catch (error) {
    const message = error instanceof EndpointRefused ? error.message : `The endpoint could not be reached: ${error instanceof Error ? error.message : String(error)}`
    log.warn('subscription notification not delivered', { subscription_id: sub.id, error: message })
    return message.slice(0, 300)
  }
}

/** Changes a subscription's status (audited when it changes: active ↔ error, requested → active/error). */
export async function setStatus(tx: Tx, actor: Actor, sub: Pick<SubscriptionRow, 'id' | 'status'>, status: SubscriptionRow['status'], fields: Partial<Pick<SubscriptionRow, 'error_count' | 'last_error'>> = {}) {
  await tx.update(fhir_subscriptions).set({ status, ...fields }).where(eq(fhir_subscriptions.id, sub.id))
  if (status !== sub.status) {
    await writeAudit(tx, actor, { action: 'fhir_subscription.status', resource_type: 'fhir_subscription', resource_id: sub.id, details: { from: sub.status, to: status, ...(fields.last_error ? { error: fields.last_error } : {}) } })
  }
}

export async function findSubscription(db: Executor, id: string) {
  const [row] = await db.select().from(fhir_subscriptions).where(eq(fhir_subscriptions.id, id))
  return row ?? null
}
