import { randomUUID } from 'node:crypto'
import { publicUrl } from '../../../env'
import { clock } from '../../../lib/clock'

/**
 * The one subscription topic (ADR 043): a referral's Task changed (its status, businessStatus, owner,
 * output…: each new `meta.versionId`). R4 has no SubscriptionTopic resource; its canonical URL is
 * advertised in the CapabilityStatement (Subscriptions Backport IG).
 */
export const taskTopicUrl = () => `${publicUrl()}/fhir/r4/SubscriptionTopic/task-changes`

const BACKPORT = 'http://hl7.org/fhir/uv/subscriptions-backport/StructureDefinition'
export const EXT = {
  filterCriteria: `${BACKPORT}/backport-filter-criteria`,
  payloadContent: `${BACKPORT}/backport-payload-content`,
  topicCanonical: `${BACKPORT}/capabilitystatement-subscriptiontopic-canonical`,
  subscriptionProfile: `${BACKPORT}/backport-subscription`,
  statusProfile: `${BACKPORT}/backport-subscription-status-r4`,
  notificationProfile: `${BACKPORT}/backport-subscription-notification-r4`,
} as const

export const subscriptionUrl = (id: string) => `${publicUrl()}/fhir/r4/Subscription/${id}`

export type StatusFacts = {
  id: string
  status: 'requested' | 'active' | 'error' | 'off'
  eventsSinceStart: number
  lastError?: string | null
}
type NotificationType = 'handshake' | 'event-notification' | 'query-status'
type Event = { number: number; changedAt: Date; focus: string }

/** A SubscriptionStatus as R4 Parameters (backport-subscription-status-r4). */
export function subscriptionStatus(s: StatusFacts, type: NotificationType, events: Event[] = []) {
  return {
    resourceType: 'Parameters' as const,
    id: randomUUID(),
    meta: { profile: [EXT.statusProfile] },
    parameter: [
      { name: 'subscription', valueReference: { reference: subscriptionUrl(s.id) } },
      { name: 'topic', valueCanonical: taskTopicUrl() },
      { name: 'status', valueCode: s.status },
      { name: 'type', valueCode: type },
      { name: 'events-since-subscription-start', valueString: String(s.eventsSinceStart) },
      ...events.map((e) => ({
        name: 'notification-event',
        part: [
          { name: 'event-number', valueString: String(e.number) },
          { name: 'timestamp', valueInstant: e.changedAt.toISOString() },
          { name: 'focus', valueReference: { reference: e.focus } },
        ],
      })),
      ...(s.lastError && type === 'query-status' ? [{ name: 'error', valueCodeableConcept: { text: s.lastError } }] : []),
    ],
  }
}

/**
 * A notification: a `history` Bundle whose first entry is the SubscriptionStatus; `full-resource`
 * adds the Task read just now (the resource, when the account may still read it).
 */
export function notificationBundle(s: StatusFacts, type: 'handshake' | 'event-notification', events: Event[] = [], resources: { resourceType: string; id?: string }[] = []) {
  const status = subscriptionStatus(s, type, events)
  return {
    resourceType: 'Bundle' as const,
    id: randomUUID(),
    meta: { profile: [EXT.notificationProfile] },
    type: 'history' as const,
    timestamp: clock.now().toISOString(),
    entry: [
      {
        fullUrl: `urn:uuid:${status.id}`,
        resource: status,
        request: { method: 'GET' as const, url: `${subscriptionUrl(s.id)}/$status` },
        response: { status: '200' },
      },
      ...resources.map((r) => ({
        fullUrl: `${publicUrl()}/fhir/r4/${r.resourceType}/${r.id}`,
        resource: r,
        request: { method: 'PUT' as const, url: `${r.resourceType}/${r.id}` },
        response: { status: '200' },
      })),
    ],
  }
}
