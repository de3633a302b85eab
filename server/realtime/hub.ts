import { lt, sql } from 'drizzle-orm'
import { engineOf, type DB, type Executor, type Listening, type Tx } from '../db/client'
import { jsonArrayHasSql, lastIssuedIdSql } from '../db/dialect'
import { row, rows } from '../db/raw'
import { realtime_events } from '../db/schema'
import { afterCommit } from '../db/unit-of-work'
import { clock, HOUR } from '../lib/clock'

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
 * written to `realtime_events` in the transaction that caused it (so a
 * reconnect with Last-Event-ID can replay it, and a rolled back change
 * announces nothing), then pushed to the open streams of its audience once
 * that transaction has committed. The audience is decided by the caller,
 * from the same rules as the API.
 *
 * How a committed event reaches the streams is the database's (its handle
 * says which engine): one SQLite process pushes after commit itself; on
 * PostgreSQL several instances may serve one site, so the database announces
 * each committed event (NOTIFY), and every instance, this one too, pushes it
 * to its own streams (feed.ts, ADR 022).
 */
class Hub {
  private listeners = new Map<string, Set<Listener>>()
  private feeds = new Map<DB, Promise<Listening>>()

  async publish(tx: Tx, audience: Iterable<string | null | undefined>, type: string, data: Record<string, unknown>) {
    const users = [...new Set([...audience].filter((u): u is string => !!u))]
    if (users.length === 0) return
    const [inserted] = await tx.insert(realtime_events).values({ audience: users, type, data }).returning({ id: realtime_events.id })
    const event: RealtimeEvent = { id: inserted!.id, type, data }
    // PostgreSQL renumbers the event at COMMIT and announces it to every instance (migrations/postgres/0004).
    if (engineOf(tx) === 'sqlite') afterCommit(tx, () => this.push(users, event))
  }

  /**
   * Resolves once this instance hears every event committed on `db` from now
   * on: a stream waits for it before it reads its replay, so nothing falls in
   * between. Nothing to wait for on SQLite, where this process is the only writer.
   */
  async listening(db: DB): Promise<void> {
    if (engineOf(db) !== 'postgres') return
    let feed = this.feeds.get(db)
    if (!feed) {
      const { followEvents } = await import('./feed')
      feed = followEvents(db, (audience, event) => this.push(audience, event), () => this.listeners.size > 0)
      this.feeds.set(db, feed)
      feed.catch(() => this.feeds.delete(db))
    }
    await feed
  }

  /** Stops listening to `db`'s announcements (its database is closing). */
  async stopListening(db: DB) {
    const feed = this.feeds.get(db)
    this.feeds.delete(db)
    await feed?.then((f) => f.close()).catch(() => {})
  }

  /** Hands a committed event to the open streams of `users`. */
  private push(users: readonly string[], event: RealtimeEvent) {
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
  async missedSince(db: Executor, userId: string, lastId: number, limit = REPLAY_LIMIT): Promise<RealtimeEvent[]> {
    const found = await rows<{ id: number; type: string; data: string }>(
      db,
      sql`SELECT id, type, data FROM realtime_events
         WHERE id > ${lastId} AND ${jsonArrayHasSql(realtime_events.audience, userId)}
         ORDER BY id LIMIT ${limit}`,
    )
    return found.map((r) => ({ id: r.id, type: r.type, data: JSON.parse(r.data) }))
  }

  /**
   * What a stream resuming after `lastId` must receive. A resync (refetch
   * everything) replaces the replay when events after `lastId` were already
   * cleaned up, when there are more than REPLAY_LIMIT of them, or when the id
   * comes from another database (it is ahead of every id issued here).
   */
  async replay(db: Executor, userId: string, lastId: number): Promise<Replay> {
    const latestId = await this.latestId(db)
    if (lastId > latestId) return { events: [], resync: true, latestId }
    const [oldest] = await db.select({ id: sql<number | null>`min(${realtime_events.id})` }).from(realtime_events)
    const firstKept = oldest?.id ?? latestId + 1
    if (lastId < firstKept - 1) return { events: [], resync: true, latestId }
    const events = await this.missedSince(db, userId, lastId, REPLAY_LIMIT + 1)
    if (events.length > REPLAY_LIMIT) return { events: [], resync: true, latestId }
    return { events, resync: false, latestId }
  }

  /** The highest event id ever issued (AUTOINCREMENT: ids are never reused, even after clean-up). */
  async latestId(db: Executor): Promise<number> {
    return (await row<{ seq: number }>(db, lastIssuedIdSql('realtime_events')))?.seq ?? 0
  }

  /** Deletes events older than the replay window (periodic task). Returns how many went. */
  async cleanUp(tx: Tx, retentionMs = REPLAY_RETENTION_MS) {
    const cutoff = new Date(clock.ms() - retentionMs)
    const gone = await tx.delete(realtime_events).where(lt(realtime_events.created_at, cutoff)).returning({ id: realtime_events.id })
    return gone.length
  }

  connectionCount() {
    let n = 0
    for (const set of this.listeners.values()) n += set.size
    return n
  }
}

export const hub = new Hub()
