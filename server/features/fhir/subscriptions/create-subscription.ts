import { keyed } from '../../../i18n/keyed'
import type { DB } from '../../../db/client'
import { fhir_subscriptions } from '../../../db/schema'
import { transaction } from '../../../db/unit-of-work'
import { invalid } from '../../../errors'
import { type Actor, writeAudit } from '../../../lib/audit'
import type { SystemCaller } from '../../../types'
import { checkedAddress, EndpointRefused } from './endpoint-guard'
import { sendNotification, setStatus } from './send-notification'
import { isTaskTopic, parseFilter, requesterReference, subscriptionInput, type SubscriptionRow } from './subscription-resource'
import { EXT, notificationBundle, taskTopicUrl } from './topic'

/** Zod's path of an issue as the element it names (`Subscription.channel.endpoint`). */
const element = (path: (string | number)[]) => ['Subscription', ...path].map((p) => (typeof p === 'number' ? `[${p}]` : p)).join('.').replace(/\.\[/g, '[')

/**
 * POST /fhir/r4/Subscription (ADR 043): a rest-hook Subscription to the Task topic for one filter,
 * `id-only` or `full-resource`. The endpoint is checked (https to a public address, after DNS
 * resolution) before anything is written; then the row is kept as `requested`, a `handshake`
 * notification is posted, and the status becomes `active` (2xx) or `error`. Audited.
 */
export async function createSubscription(db: DB, caller: SystemCaller, actor: Actor, body: unknown): Promise<SubscriptionRow> {
  const parsed = subscriptionInput.safeParse(body)
  if (!parsed.success) {
    const fields: Record<string, string> = {}
    for (const issue of parsed.error.issues) fields[element(issue.path as (string | number)[])] ??= issue.message
    throw invalid('fhir.subscriptionInvalid', fields)
  }
  const input = parsed.data
  if (!isTaskTopic(input.criteria)) throw invalid('fhir.unknownTopic', { 'Subscription.criteria': keyed('fhir.onlyTopic', { topic: taskTopicUrl() }) })
  const filters = (input._criteria?.extension ?? []).filter((e) => e.url === EXT.filterCriteria)
  if (filters.length !== 1 || !filters[0]!.valueString) throw invalid('fhir.needsOneFilter', { 'Subscription.criteria': 'fhir.filterHint' })
  const filterText = filters[0]!.valueString
  const filter = parseFilter(filterText)
  if (!filter) throw invalid('fhir.unsupportedFilter', { 'Subscription.criteria': 'fhir.filterIs' })
  const mine = requesterReference(caller.userId)
  if (filter.param === 'requester' && filter.value !== mine) throw invalid('fhir.ownTasksOnly', { 'Subscription.criteria': keyed('fhir.ownRequester', { requester: mine }) })
  const content = (input.channel._payload?.extension ?? []).find((e) => e.url === EXT.payloadContent)?.valueCode
  if (content !== 'id-only' && content !== 'full-resource') throw invalid('fhir.unsupportedPayload', { 'Subscription.channel.payload': 'fhir.payloadHint' })
  try {
    await checkedAddress(input.channel.endpoint)
  } catch (error) {
    if (error instanceof EndpointRefused) throw invalid('fhir.endpointRefused', { 'Subscription.channel.endpoint': error.message })
    throw error
  }

  const created = await transaction(db, async (tx) => {
    const [row] = await tx
      .insert(fhir_subscriptions)
      .values({ client_id: caller.clientId, topic: input.criteria, filter: filterText, endpoint: input.channel.endpoint, payload: content, headers: input.channel.header ?? [], status: 'requested' })
      .returning()
    await writeAudit(tx, actor, { action: 'fhir_subscription.created', resource_type: 'fhir_subscription', resource_id: row!.id, details: { client_id: caller.clientId, payload: content, endpoint_host: new URL(input.channel.endpoint).host } })
    return row!
  })

  const problem = await sendNotification(created, notificationBundle({ id: created.id, status: 'requested', eventsSinceStart: 0 }, 'handshake'))
  const status = problem ? 'error' : 'active'
  const fields = problem ? { error_count: 1, last_error: `Handshake: ${problem}` } : {}
  await transaction(db, (tx) => setStatus(tx, actor, created, status, fields))
  return { ...created, status, ...fields }
}
