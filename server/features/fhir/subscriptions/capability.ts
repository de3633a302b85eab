import { EXT, taskTopicUrl } from './topic'

/**
 * The CapabilityStatement's Subscription entry (Subscriptions Backport IG, R4 server): the Task topic's
 * canonical URL in the IG's topic extension, create/read/delete, the $status operation (ADR 043).
 */
export const subscriptionCapability = () => ({
  type: 'Subscription' as const,
  extension: [{ url: EXT.topicCanonical, valueCanonical: taskTopicUrl() }],
  supportedProfile: [EXT.subscriptionProfile],
  documentation: `Topic-based rest-hook subscriptions (Subscriptions Backport IG) for registered systems (bearer token, scopes system/Subscription.c, .r, .d): criteria = ${taskTopicUrl()} with one backport-filter-criteria, Task?_id=<id> or Task?requester=<your requester>; payload id-only or full-resource (backport-payload-content); channel.header lines are sent with every notification and never shown again. The endpoint must be https to a public address. A handshake is posted at creation: status active if it answers 2xx, else error. Each change of a matching Task (a new meta.versionId) is one event-notification, numbered per subscription, retried 6 times with backoff.`,
  interaction: [{ code: 'create' as const }, { code: 'read' as const }, { code: 'delete' as const }],
  operation: [{ name: 'status', definition: 'http://hl7.org/fhir/uv/subscriptions-backport/OperationDefinition/backport-subscription-status' }],
})
