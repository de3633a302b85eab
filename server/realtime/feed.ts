import { sql } from 'drizzle-orm'
import { listen, type DB, type Listening } from '../db/client'
import { row, rows } from '../db/raw'
import { log } from '../lib/logger'
import type { RealtimeEvent } from './hub'

/** The channel the commit-order trigger of `realtime_events` announces on (migrations/postgres/0004). */
export const EVENTS_CHANNEL = 'homeward_events'
/** At most this many events are fetched at once after a reconnect; a stream further behind resyncs on its own. */
const CATCH_UP_LIMIT = 1000

type Stored = { id: number; type: string; data: string; audience: string }
export type Deliver = (audience: readonly string[], event: RealtimeEvent) => void

/**
 * Live events from every instance on one PostgreSQL database (ADR 022).
 * Every committed event is announced by its id with NOTIFY; this instance
 * LISTENs, reads the announced rows and hands each to `deliver` (its own
 * open streams), in id order, which is commit order. After a lost connection
 * it catches up from the last id it saw, so a stream on this instance misses
 * nothing that was announced while it could not hear.
 */
export async function followEvents(db: DB, deliver: Deliver, wanted: () => boolean): Promise<Listening> {
  let lastSeen = 0
  let started = false
  let pending: number[] = []
  // One read at a time, so events reach streams in the order they were announced.
  let chain: Promise<void> = Promise.resolve()

  const handOut = (found: Stored[]) => {
    for (const r of found) {
      if (r.id <= lastSeen) continue
      lastSeen = r.id
      deliver(JSON.parse(r.audience), { id: r.id, type: r.type, data: JSON.parse(r.data) })
    }
  }
  const read = () => {
    const ids = pending
    pending = []
    if (!wanted()) {
      // Nobody listens here: nothing to read, only remember how far the announcements went.
      lastSeen = Math.max(lastSeen, ...ids)
      return Promise.resolve()
    }
    return rows<Stored>(db, sql`SELECT id, type, data, audience FROM realtime_events WHERE id IN ${ids} ORDER BY id`).then(handOut)
  }
  const onPayload = (payload: string) => {
    const id = Number(payload)
    if (!Number.isSafeInteger(id)) return
    if (pending.push(id) > 1) return // a read is already queued for this batch
    chain = chain.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(read).catch((error) => {
      log.warn('live events could not be read', { error: String(error) })
    })
  }
  const onListen = async () => {
    if (!started) {
      started = true
      lastSeen = (await row<{ id: number | null }>(db, sql`SELECT max(id) AS id FROM realtime_events`))?.id ?? 0
      return
    }
    log.info('live events: listening again, catching up', { after: lastSeen })
    chain = chain.then(async () =>
      handOut(await rows<Stored>(db, sql`SELECT id, type, data, audience FROM realtime_events WHERE id > ${lastSeen} ORDER BY id LIMIT ${CATCH_UP_LIMIT}`)),
    )
    await chain
  }
  return listen(db, EVENTS_CHANNEL, onPayload, onListen)
}
