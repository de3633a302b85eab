import { gt } from 'drizzle-orm'
import { db } from '../db/client'
import { realtime_events } from '../db/schema'

export type RealtimeEvent = { id: number; type: string; data: Record<string, unknown> }
type Listener = (event: RealtimeEvent) => void

/**
 * Fan-out of live events to the users allowed to see them. Each event is
 * written to `realtime_events` first (so a reconnect with Last-Event-ID can
 * replay it), then pushed to the open streams of its audience only.
 * Call publish() after the transaction that caused the event has committed.
 */
class Hub {
  private listeners = new Map<string, Set<Listener>>()

  publish(audience: Iterable<string | null | undefined>, type: string, data: Record<string, unknown>) {
    const users = [...new Set([...audience].filter((u): u is string => !!u))]
    if (users.length === 0) return null
    const row = db.insert(realtime_events).values({ audience: users, type, data }).returning().get()
    const event: RealtimeEvent = { id: row.id, type, data }
    for (const user of users) {
      for (const listener of this.listeners.get(user) ?? []) listener(event)
    }
    return event
  }

  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId)
    if (!set) this.listeners.set(userId, (set = new Set()))
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0) this.listeners.delete(userId)
    }
  }

  /** Events after `lastId` addressed to `userId` (for Last-Event-ID resume). */
  missedSince(userId: string, lastId: number, limit = 500): RealtimeEvent[] {
    const rows = db
      .select()
      .from(realtime_events)
      .where(gt(realtime_events.id, lastId))
      .orderBy(realtime_events.id)
      .limit(limit * 10)
      .all()
    return rows
      .filter((r) => r.audience.includes(userId))
      .slice(0, limit)
      .map((r) => ({ id: r.id, type: r.type, data: r.data }))
  }

  connectionCount() {
    let n = 0
    for (const set of this.listeners.values()) n += set.size
    return n
  }
}

export const hub = new Hub()
