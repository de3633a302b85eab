import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, eventStreamResponse } from '../../lib/openapi'
import { openEventStream } from '../../realtime/sse'
import type { AppEnv } from '../../types'
import { requireUser } from '../auth'

/** A Last-Event-ID value: the header a reconnecting EventSource sends, or `last_event_id` for a new one. */
function lastEventId(value: string | undefined | null) {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null
  return Number(value.trim())
}

export const eventsRoutes = new Hono<AppEnv>().get(
  '/events',
  describeRoute({
    tags: ['messaging'],
    summary: 'Server-sent events of the signed-in user',
    description:
      'One stream per browser tab. Each event is `id: <n>` and `data: {"type", "data": {...ids}}`; types: ready (first frame of a new stream), message.created, conversation.read, conversation.opened, document.created, document.signed, notification, notifications.read, resync. A heartbeat comment every 5 s. Send Last-Event-ID (header, or last_event_id query) to replay what was missed.',
    responses: { ...eventStreamResponse('Live events for the signed-in user (Last-Event-ID resumes)'), ...errors(401) },
  }),
  async (c) => {
    const user = requireUser(c)
    return openEventStream(c.var.db, {
      userId: user.id,
      sessionId: user.session_id,
      lastEventId: lastEventId(c.req.header('last-event-id') ?? c.req.query('last_event_id')),
      signal: c.req.raw.signal,
    })
  },
)
