import type { QueryClient } from '@tanstack/react-query'

/**
 * A live event of GET /api/events: `{type, data}`, where data carries ids only
 * (never texts), so a handler refetches through the API. The types each
 * server area publishes are listed beside the handlers that use them (each
 * feature's live-events.ts) and in notifications/realtime.tsx.
 */
export type LiveEvent = { type: string; data: Record<string, unknown> }

export type LiveEventContext = {
  queryClient: QueryClient
  /** One id of the event's data, as a string; '' when missing (it then matches no cached key). */
  id: (key: string) => string
  /** Marks the queries under `queryKey` stale and refetches the ones on screen (not awaited). */
  invalidate: (queryKey: readonly unknown[]) => void
}

export type LiveEventHandler = (event: LiveEvent, context: LiveEventContext) => void

const handlers = new Map<string, Set<LiveEventHandler>>()

/**
 * The live-event registry (ADR 018): each feature says here what it does with
 * the events that touch its caches, so the stream (notifications/realtime.tsx)
 * knows no feature's keys. A feature registers from the module that defines its
 * queries (`import '../live-events'`), so its handlers are in place whenever one
 * of its queries can be in the cache, and loading them costs nothing before.
 * Returns the function that removes the registration.
 */
export function onLiveEvents(types: readonly string[], handler: LiveEventHandler) {
  for (const type of types) {
    let set = handlers.get(type)
    if (!set) {
      set = new Set()
      handlers.set(type, set)
    }
    set.add(handler)
  }
  return () => {
    for (const type of types) handlers.get(type)?.delete(handler)
  }
}

/** Runs every handler registered for the event's type. One that throws does not stop the others. */
export function dispatchLiveEvent(event: LiveEvent, queryClient: QueryClient) {
  const data = event.data ?? {}
  const context: LiveEventContext = {
    queryClient,
    id: (key) => String(data[key] ?? ''),
    invalidate: (queryKey) => void queryClient.invalidateQueries({ queryKey }),
  }
  for (const handler of handlers.get(event.type) ?? []) {
    try {
      handler(event, context)
    } catch (error) {
      console.error(`Live event ${event.type}:`, error)
    }
  }
}

/** The event types that have a handler (for tests and debugging). */
export const liveEventTypes = () => [...handlers].filter(([, set]) => set.size > 0).map(([type]) => type)
