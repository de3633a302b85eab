import type { Database } from 'bun:sqlite'
import { db } from '../../db/client'
import { env } from '../../env'
import { clock, DAY } from '../../lib/clock'
import { PREMIUM_TIME_BOUNDARY_SQL } from '../billing'
import { freshSince } from './search-properties'

/**
 * Responses of the public search, cached per database connection and never
 * stale (ADR 008). A search answer depends only on the database, on "now"
 * (through the premium rule) and on the query string, so an entry stays valid
 * while, for this connection:
 * - `total_changes()` is unchanged (no insert, update or delete through this
 *   connection, including ones that were rolled back),
 * - `PRAGMA data_version` is unchanged (no commit by another connection or process),
 * - and the clock stays in [from, until): `until` is the next moment any
 *   subscription period or trial ends, the only times the premium rule
 *   compares with now (PREMIUM_TIME_BOUNDARY_SQL), so no premium flag can flip
 *   in between, nor the moment a bed confirmation grows older than
 *   BEDS_FRESH_DAYS (the "confirmed recently" filter); a clock moved backwards starts over.
 * Nothing is read from or stored in the cache inside a transaction, whose
 * uncommitted rows might be rolled back without changing the counters.
 */
type Generation = { changes: number; dataVersion: number; from: number; until: number; entries: Map<string, string> }

/** Bounds memory: the query string is caller-controlled. */
const MAX_ENTRIES = 500

const generations = new WeakMap<Database, Generation>()

const FRESHNESS_BOUNDARY_SQL = 'SELECT min(beds_confirmed_at) AS t FROM properties WHERE beds_confirmed_at > $since'

const STATE_SQL = 'SELECT total_changes() AS changes, data_version AS data_version FROM pragma_data_version'

/** The current generation of `client`, a new (empty) one when anything it depends on moved. */
function current(client: Database): Generation | null {
  if (client.inTransaction) return null
  const now = clock.ms()
  const state = client.query(STATE_SQL).get() as { changes: number; data_version: number }
  const found = generations.get(client)
  if (found && found.changes === state.changes && found.dataVersion === state.data_version && now >= found.from && now < found.until) {
    return found
  }
  const boundary = client.query(PREMIUM_TIME_BOUNDARY_SQL).get({ now } as never) as { until: number | null }
  const window = env.BEDS_FRESH_DAYS * DAY
  // The "confirmed recently" filter compares beds_confirmed_at with now: the next
  // confirmation to grow stale ends the generation too (properties_beds_confirmed_idx).
  const stale = client.query(FRESHNESS_BOUNDARY_SQL).get({ since: freshSince(now) } as never) as { t: number | null }
  const fresh: Generation = {
    changes: state.changes,
    dataVersion: state.data_version,
    from: now,
    until: Math.min(boundary.until ?? Number.POSITIVE_INFINITY, stale.t == null ? Number.POSITIVE_INFINITY : stale.t + window),
    entries: new Map(),
  }
  generations.set(client, fresh)
  return fresh
}

/** The cached JSON body for `key` (the raw query string), if any. */
export function cachedSearch(key: string): string | undefined {
  return current(db.$client)?.entries.get(key)
}

/**
 * The JSON body for `key`, computed by `compute` (which must only read) and
 * kept for the next identical request. Synchronous: nothing can write between
 * the generation check and the computation.
 */
export function searchBody(key: string, compute: () => unknown): string {
  const client = db.$client
  const generation = current(client)
  const hit = generation?.entries.get(key)
  if (hit !== undefined) return hit
  const body = JSON.stringify(compute())
  if (generation && generations.get(client) === generation && !client.inTransaction) {
    if (generation.entries.size >= MAX_ENTRIES) generation.entries.delete(generation.entries.keys().next().value!)
    generation.entries.set(key, body)
  }
  return body
}
