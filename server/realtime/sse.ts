import { and, gt, inArray } from 'drizzle-orm'
import type { DB, Executor } from '../db/client'
import { sessions } from '../db/schema'
import { clock } from '../lib/clock'
import { log } from '../lib/logger'
import { hub, type RealtimeEvent } from './hub'

/**
 * One server-sent event stream per browser tab. Every stream shares one timer
 * that writes a heartbeat comment (Bun closes sockets idle for `idleTimeout`
 * seconds, and proxies drop quiet connections) and, less often, closes the
 * streams whose session has ended (sign-out, expiry, account deletion).
 */
export const HEARTBEAT_MS = 5_000
const SESSION_CHECK_EVERY = 12 // heartbeats: once a minute
/** A stream whose client stopped reading holds at most this many chunks before it is dropped (it resumes with Last-Event-ID). */
const MAX_QUEUED = 1_000

const encoder = new TextEncoder()
const HEARTBEAT = encoder.encode(': heartbeat\n\n')
const encoded = new WeakMap<RealtimeEvent, Uint8Array>()

/** The SSE frame of an event, encoded once however many streams receive it. */
function frame(event: RealtimeEvent) {
  let bytes = encoded.get(event)
  if (!bytes) {
    bytes = encoder.encode(`id: ${event.id}\ndata: ${JSON.stringify({ type: event.type, data: event.data })}\n\n`)
    encoded.set(event, bytes)
  }
  return bytes
}

type Stream = {
  userId: string
  sessionId: string
  /** The database the stream's session is checked against. */
  db: Executor
  lastId: number
  controller: ReadableStreamDefaultController<Uint8Array>
  closed: boolean
  unsubscribe: () => void
}

const open = new Set<Stream>()
let timer: ReturnType<typeof setInterval> | null = null
let ticks = 0

function write(stream: Stream, bytes: Uint8Array) {
  if (stream.closed) return
  if ((stream.controller.desiredSize ?? 0) < -MAX_QUEUED) return close(stream)
  try {
    stream.controller.enqueue(bytes)
  } catch {
    close(stream)
  }
}

function deliver(stream: Stream, event: RealtimeEvent) {
  if (event.id <= stream.lastId) return
  stream.lastId = event.id
  write(stream, frame(event))
}

function close(stream: Stream) {
  if (stream.closed) return
  stream.closed = true
  stream.unsubscribe()
  open.delete(stream)
  try {
    stream.controller.close()
  } catch {
    // Already closed or cancelled by the client.
  }
  if (open.size === 0 && timer) {
    clearInterval(timer)
    timer = null
  }
}

function tick() {
  for (const stream of open) write(stream, HEARTBEAT)
  if (++ticks % SESSION_CHECK_EVERY === 0) {
    // Fire and forget: the timer does not wait for the check; a failed one is retried at the next.
    void closeEndedSessions().catch((error) => log.warn('event stream session check failed', { error: String(error) }))
  }
}

/** Closes the streams whose session no longer exists or has expired. */
async function closeEndedSessions() {
  // Each session is looked up in the database its stream was opened on (the server has one).
  const byDatabase = new Map<Executor, Stream[]>()
  for (const stream of open) {
    const group = byDatabase.get(stream.db)
    if (group) group.push(stream)
    else byDatabase.set(stream.db, [stream])
  }
  const now = clock.now()
  for (const [db, streams] of byDatabase) {
    const ids = [...new Set(streams.map((s) => s.sessionId))]
    const alive = new Set<string>()
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(inArray(sessions.id, ids.slice(i, i + 500)), gt(sessions.expires_at, now), gt(sessions.max_expires_at, now)))
      for (const r of rows) alive.add(r.id)
    }
    for (const stream of streams) if (!alive.has(stream.sessionId)) close(stream)
  }
}

/**
 * Opens the event stream of a signed-in user. Replays what they missed after
 * `lastEventId` (or tells them to resync), then delivers live events addressed
 * to them. The stream subscribes before the replay is read, and live events
 * that arrive meanwhile wait until it is written: none published in between
 * can be lost, and deliver() drops the ones the replay already sent.
 */
export async function openEventStream(
  db: DB,
  opts: {
    userId: string
    sessionId: string
    lastEventId: number | null
    signal?: AbortSignal
  },
): Promise<Response> {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c
    },
    cancel() {
      close(s)
    },
  })
  const s: Stream = {
    userId: opts.userId,
    sessionId: opts.sessionId,
    db,
    lastId: 0,
    controller,
    closed: false,
    unsubscribe: () => {},
  }
  opts.signal?.addEventListener('abort', () => close(s), { once: true })
  controller.enqueue(encoder.encode(`retry: 3000\n: connected\n\n`))
  await hub.listening(db)
  let early: RealtimeEvent[] | null = []
  s.unsubscribe = hub.subscribe(opts.userId, (event) => (early ? early.push(event) : deliver(s, event)))
  try {
    if (opts.lastEventId !== null) {
      const replay = await hub.replay(db, opts.userId, opts.lastEventId)
      if (replay.resync) {
        s.lastId = replay.latestId
        write(s, encoder.encode(`id: ${replay.latestId}\ndata: {"type":"resync","data":{}}\n\n`))
      } else {
        s.lastId = opts.lastEventId
        for (const event of replay.events) deliver(s, event)
      }
    } else {
      // `ready` carries the current position, so even a stream that saw no
      // event yet resumes from here after a drop (browser or manual reconnect).
      s.lastId = await hub.latestId(db)
      write(s, encoder.encode(`id: ${s.lastId}\ndata: {"type":"ready","data":{}}\n\n`))
    }
  } catch (error) {
    close(s)
    throw error
  }
  const waiting = early
  early = null
  for (const event of waiting) deliver(s, event)
  if (!s.closed) {
    open.add(s)
    if (!timer) {
      timer = setInterval(tick, HEARTBEAT_MS)
      timer.unref?.()
    }
  }
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
  })
}

/**
 * Closes every open stream, telling browsers to reconnect after `retryMs`
 * (the SSE `retry:` field): on shutdown, so they come back through the load
 * balancer to another instance and resume with Last-Event-ID, losing nothing.
 */
export function closeAllStreams(retryMs = 1000) {
  const goodbye = encoder.encode(`retry: ${retryMs}\n: closing, reconnect\n\n`)
  for (const stream of [...open]) {
    write(stream, goodbye)
    close(stream)
  }
}

/** Runs the session check now (tests; the timer runs it once a minute). */
export const _checkSessionsNow = () => closeEndedSessions()

/** Open streams (bench and diagnostics). */
export const openStreamCount = () => open.size
