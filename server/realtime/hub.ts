import { sql } from 'drizzle-orm'
import { db } from '../db/client'
import { realtime_events } from '../db/schema'
import { clock, HOUR } from '../lib/clock'
import { jsonArrayHas } from '../db/dialect'

/**
 * A live event as it travels: `id` is the realtime_events row id (the SSE
 * `id:` and the Last-Event-ID a reconnecting browser sends back).
 * Events carry ids and states, never message texts or referral fields: a
 * browser that receives one refetches what it shows through the access-checked
 * API, and the replay log stays free of care data.
 */
export type RealtimeEvent = { id: number; type: string; data: Record<string, unknown> }
type Listener = (event: RealtimeEvent) => void

/** How long events stay replayable after they were published. */
export const REPLAY_RETENTION_MS = 24 * HOUR
/** At most this many events are replayed one by one; beyond it the browser is told to resync. */
export const REPLAY_LIMIT = 500

/** The answer to a reconnect: the missed events, or `resync` when they cannot all be replayed. */
export type Replay = { events: RealtimeEvent[]; resync: boolean; latestId: number }

/**
 * Fan-out of live events to the users allowed to see them. Each event is
 * written to `realtime_events` first (so a reconnect with Last-Event-ID can
 * replay it), then pushed to the open streams of its audience only.
 * Call publish() after the transaction that caused the event has committed:
 * the audience is decided by the caller, from the same rules as the API.
 */
class Hub {
  private listeners = new Map<string, Set<Listener>>()

  publish(audience: Iterable<string | null | undefined>, type: string, data: Record<string, unknown>) {
    const users = [...new Set([...audience].filter((u): u is string => !!u))]
    if (users.length === 0) return null
    const row = db
      .insert(realtime_events)
      .values({ audience: users, type, data })
      .returning({ id: realtime_events.id })
      .get()
    const event: RealtimeEvent = { id: row.id, type, data }
    for (const user of users) {
      const set = this.listeners.get(user)
      if (!set) continue
      for (const listener of set) {
        try {
          listener(event)
        } catch {
          // A broken stream must not stop delivery to the others; it is cleaned up on its own.
        }
      }
    }
    return event
  }

  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId)
    if (!set) {
      set = new Set()
      this.listeners.set(userId, set)
    }
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId)
    }
  }

  /** Events after `lastId` addressed to `userId` (for Last-Event-ID resume), oldest first. */
  missedSince(userId: string, lastId: number, limit = REPLAY_LIMIT): RealtimeEvent[] {
    const rows = db.$client
      .query(
        `SELECT id, type, data FROM realtime_events
         WHERE id > ?1 AND ${jsonArrayHas('realtime_events.audience', '?2')}
         ORDER BY id LIMIT ?3`,
      )
      .all(lastId, userId, limit) as { id: number; type: string; data: string }[]
    return rows.map((r) => ({ id: r.id, type: r.type, data: JSON.parse(r.data) }))
  }

  /**
   * What a stream resuming after `lastId` must receive. A resync (refetch
   * everything) replaces the replay when events after `lastId` were already
   * cleaned up, when there are more than REPLAY_LIMIT of them, or when the id
   * comes from another database (it is ahead of every id issued here).
   */
  replay(userId: string, lastId: number): Replay {
    const latestId = this.latestId()
    if (lastId > latestId) return { events: [], resync: true, latestId }
    const oldest = db
      .select({ id: sql<number | null>`min(${realtime_events.id})` })
      .from(realtime_events)
      .get()?.id
    const firstKept = oldest ?? latestId + 1
    if (lastId < firstKept - 1) return { events: [], resync: true, latestId }
    const events = this.missedSince(userId, lastId, REPLAY_LIMIT + 1)
    if (events.length > REPLAY_LIMIT) return { events: [], resync: true, latestId }
    return { events, resync: false, latestId }
  }

  /** The highest event id ever issued (AUTOINCREMENT: ids are never reused, even after clean-up). */
  latestId(): number {
    const row = db.$client.query(`SELECT seq FROM sqlite_sequence WHERE name = 'realtime_events'`).get() as
      | { seq: number }
      | null
    return row?.seq ?? 0
  }

  /** Deletes events older than the replay window (periodic task). Returns how many went. */
  cleanUp(retentionMs = REPLAY_RETENTION_MS) {
    const cutoff = clock.ms() - retentionMs
    return db.$client.query('DELETE FROM realtime_events WHERE created_at < ?1').run(cutoff).changes
  }

  connectionCount() {
    let n = 0
    for (const set of this.listeners.values()) n += set.size
    return n
  }
}

export const hub = new Hub()
