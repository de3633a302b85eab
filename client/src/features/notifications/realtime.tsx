import { useQueryClient } from '@tanstack/react-query'
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import { dispatchLiveEvent, type LiveEvent } from '../../lib/live-events'
import { outlivesSession } from '../../lib/query-keys'
import { useAuth } from '../auth'

/**
 * Events of GET /api/events: `{type, data}` where data carries ids only
 * (never texts): react to one by refetching through the API. This stream
 * handles two itself:
 *   ready    {}   a new stream's position
 *   resync   {}   missed events could not be replayed: refetch everything
 * Every other type is the business of the feature whose caches it touches,
 * which registers what it does in lib/live-events.ts (messaging: message.created,
 * conversation.read, conversation.opened; documents: document.created,
 * document.signed; notifications: `notification` {id, type}, notifications.read
 * {count}). Components subscribe with useRealtimeEvent.
 */
export type RealtimeMessage = LiveEvent
type Handler = (message: RealtimeMessage) => void

type RealtimeValue = { subscribe: (type: string, handler: Handler) => () => void; connected: boolean }
const RealtimeContext = createContext<RealtimeValue | null>(null)

const MAX_BACKOFF_MS = 30_000

/**
 * The single EventSource of this browser tab, open while someone is signed
 * in. It keeps the react-query caches fresh (each event goes to the handlers
 * the features registered, lib/live-events.ts) and reconnects by itself: the
 * browser resumes with Last-Event-ID after a dropped connection; when the
 * server refused the stream (restart, 5xx) it is reopened here with backoff
 * and the last id seen.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth()
  const queryClient = useQueryClient()
  const handlers = useRef(new Map<string, Set<Handler>>())
  const [connected, setConnected] = useState(false)
  const userId = user?.id ?? null

  useEffect(() => {
    if (!userId) return
    let source: EventSource | null = null
    let lastId: string | null = null
    let attempt = 0
    let retryTimer: Awaited<ReturnType<typeof setTimeout>> | null = null
    let stopped = false

    const apply = (message: RealtimeMessage) => {
      // Refetch all but the identity and the config, which do not change with missed events.
      if (message.type === 'resync') void queryClient.invalidateQueries({ predicate: (q) => !outlivesSession(q.queryKey) })
      else dispatchLiveEvent(message, queryClient)
      for (const key of [message.type, '*']) for (const handler of handlers.current.get(key) ?? []) handler(message)
    }

    const connect = () => {
      const url = lastId ? `/api/events?last_event_id=${encodeURIComponent(lastId)}` : '/api/events'
      const es = new EventSource(url, { withCredentials: true })
      source = es
      es.onopen = () => {
        attempt = 0
        setConnected(true)
      }
      es.onmessage = (event) => {
        if (event.lastEventId) lastId = event.lastEventId
        let message: RealtimeMessage
        try {
          message = JSON.parse(event.data)
        } catch {
          return
        }
        if (message && typeof message.type === 'string') apply(message)
      }
      es.onerror = () => {
        setConnected(false)
        // CONNECTING: the browser is already retrying with Last-Event-ID. CLOSED: it gave up; retry here.
        if (es.readyState !== EventSource.CLOSED || stopped) return
        es.close()
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt++) * (0.75 + Math.random() / 2)
        retryTimer = setTimeout(() => !stopped && connect(), delay)
      }
    }
    connect()
    return () => {
      stopped = true
      if (retryTimer) clearTimeout(retryTimer)
      source?.close()
      setConnected(false)
    }
  }, [userId, queryClient])

  const value = useRef<RealtimeValue>({
    subscribe(type, handler) {
      let set = handlers.current.get(type)
      if (!set) {
        set = new Set()
        handlers.current.set(type, set)
      }
      set.add(handler)
      return () => void set.delete(handler)
    },
    connected: false,
  })
  return <RealtimeContext.Provider value={{ ...value.current, connected }}>{children}</RealtimeContext.Provider>
}

/**
 * Runs `handler` for every live event of `type` ('*' for all) while the
 * component is mounted. The handler may change between renders.
 */
export function useRealtimeEvent(type: string, handler: Handler) {
  const context = useContext(RealtimeContext)
  const latest = useRef(handler)
  latest.current = handler
  useEffect(() => context?.subscribe(type, (m) => latest.current(m)), [context?.subscribe, type])
}

/** Whether this tab's event stream is currently open. */
export function useRealtimeConnected() {
  return useContext(RealtimeContext)?.connected ?? false
}
