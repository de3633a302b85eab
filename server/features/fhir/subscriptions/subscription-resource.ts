import { z } from 'zod'
import type { fhir_subscriptions } from '../../../db/schema'
import { EXT, taskTopicUrl } from './topic'

export type SubscriptionRow = typeof fhir_subscriptions.$inferSelect

/**
 * The reference a Task's requester filter names: the client's own account (ADR 043). A system acts
 * for one referrer account, so `Task?requester=` can only ever name that account's Tasks.
 */
export { requesterOrganization as requesterReference } from '../stable-id'

/** A filter Homeward evaluates: one search parameter of the Task, `_id` or `requester`. */
export type TaskFilter = { param: '_id' | 'requester'; value: string }
export function parseFilter(filter: string): TaskFilter | null {
  const m = /^Task\?(_id|requester)=([A-Za-z0-9./-]{1,128})$/.exec(filter)
  return m ? { param: m[1] as TaskFilter['param'], value: m[2]! } : null
}

const extension = z.object({ url: z.string(), valueString: z.string().optional(), valueCode: z.string().optional() }).passthrough()
/** A header line `Name: value`: no line breaks (they would smuggle headers), not one the server sets. */
const HEADER = /^([A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}):[ \t]*([^\r\n]{1,2048})$/
const RESERVED = new Set(['host', 'content-type', 'content-length', 'transfer-encoding', 'connection'])

/** POST /fhir/r4/Subscription's body: an R4 Subscription of the Backport IG, rest-hook, for the Task topic. */
export const subscriptionInput = z
  .object({
    resourceType: z.literal('Subscription', { message: 'resourceType must be Subscription' }),
    status: z.enum(['requested', 'active'], { message: 'status must be requested' }).optional(),
    reason: z.string().max(500).optional(),
    criteria: z.string({ message: 'criteria is the topic canonical URL' }),
    _criteria: z.object({ extension: z.array(extension).max(10).optional() }).passthrough().optional(),
    channel: z.object({
      type: z.literal('rest-hook', { message: 'only rest-hook channels are supported' }),
      endpoint: z.string({ message: 'the rest-hook endpoint is required' }).max(2000),
      payload: z.literal('application/fhir+json', { message: 'payload must be application/fhir+json' }),
      _payload: z.object({ extension: z.array(extension).max(10).optional() }).passthrough().optional(),
      header: z
        .array(z.string().regex(HEADER, 'each header is "Name: value" on one line').refine((h) => !RESERVED.has(h.split(':')[0]!.toLowerCase()), 'Host, Content-Type, Content-Length and Connection are set by Homeward'))
        .max(10)
        .optional(),
    }),
  })
  .passthrough()

/** The Subscription as its client reads it. The headers are not echoed: they hold the receiver's secrets. */
export function subscriptionResource(row: SubscriptionRow) {
  return {
    resourceType: 'Subscription' as const,
    id: row.id,
    meta: { profile: [EXT.subscriptionProfile] },
    status: row.status,
    reason: 'Changes of a referral Task',
    criteria: row.topic,
    _criteria: { extension: [{ url: EXT.filterCriteria, valueString: row.filter }] },
    ...(row.last_error && row.status === 'error' ? { error: row.last_error } : {}),
    channel: {
      type: 'rest-hook' as const,
      endpoint: row.endpoint,
      payload: 'application/fhir+json',
      _payload: { extension: [{ url: EXT.payloadContent, valueCode: row.payload }] },
    },
  }
}

export const isTaskTopic = (criteria: string) => criteria === taskTopicUrl()
