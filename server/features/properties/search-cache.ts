import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { changeCountersSql, SQLITE_CHANGE_COUNTERS } from '../../db/dialect'
import { row } from '../../db/raw'
import { sqliteConnection } from '../../db/sqlite'
import { inUnitOfWork } from '../../db/unit-of-work'
import { env } from '../../env'
import { cacheCounter } from '../../lib/cache-stats'
import { clock, DAY } from '../../lib/clock'
import { PREMIUM_TIME_BOUNDARY_SQL } from '../billing'
import { freshSince } from './beds-freshness'

/**
 * Responses of the public search, cached per database connection and never
 * stale (ADR 008). A search answer depends only on the database, on "now"
 * (through the premium rule) and on the query string, so an entry stays valid
 * while, for the connection the search reads through:
 * - its change counters (changeCountersSql, compared as one opaque value)
 *   are unchanged: they move with every commit of another connection (on the
 *   read-only connection of a `DB`, every commit of the writer) or process,
 *   and with every write through the connection itself (rolled back ones too),
 * - and the clock stays in [from, until): `until` is the next moment any
 *   subscription period or trial ends, the only times the premium rule
 *   compares with now (PREMIUM_TIME_BOUNDARY_SQL), so no premium flag can flip
 *   in between, nor the moment a bed confirmation grows older than
 *   BEDS_FRESH_DAYS (the "confirmed recently" filter); a clock moved backwards starts over.
 * The computation is async, so a commit may land while it runs: the
 * generation is taken before it and the body stored only if the generation
 * is still the current one after it. Nothing is read from or stored in the
 * cache inside a transaction, whose uncommitted rows might be rolled back
 * without changing the counters.
 */
type Counters = Record<string, number>
type Generation = { counters: Counters; from: number; until: number; entries: Map<string, string>; facts: Facts }

/** Bounds memory: the query string is caller-controlled. */
const MAX_ENTRIES = 500
/** Hits and misses by kind of key, for GET /metrics and the benches' hit ratio: the search's query strings, other public reads (publicReadBody). */
const counted = { search: cacheCounter('search'), public_read: cacheCounter('public_read') }
const counterOf = (key: string) => (key.startsWith(' ') ? counted.public_read : counted.search)
/**
 * Bounds memory: what the facts may weigh, by their setters' estimates. A home's
 * public view weighs about 1.6 KB (measured on the bench's homes) plus its free
 * texts; 8 MB holds some 5,000 homes with short descriptions, 1,400 with the
 * longest.
 */
const MAX_FACTS_BYTES = 8_000_000

/**
 * What searches derive from one version of the data and share whatever their
 * query string: an operator's visibility, a home's public view. They belong to
 * the generation, so whatever ends it (a commit, the clock leaving its window)
 * ends them too. Values are shared between requests: never mutated.
 * `bytes`: an estimate of what the value holds in memory; the oldest go first past MAX_FACTS_BYTES.
 */
export type Facts = { get: (key: string) => unknown; set: (key: string, value: unknown, bytes: number) => void }

/** Exported for its test. */
export function boundedFacts(maxBytes = MAX_FACTS_BYTES): Facts {
  const map = new Map<string, { value: unknown; bytes: number }>()
  let total = 0
  return {
    get: (key) => map.get(key)?.value,
    set(key, value, bytes) {
      const previous = map.get(key)
      if (previous) {
        map.delete(key)
        total -= previous.bytes
      }
      for (const [oldest, { bytes: weight }] of map) {
        if (total + bytes <= maxBytes) break
        map.delete(oldest)
        total -= weight
      }
      map.set(key, { value, bytes })
      total += bytes
    },
  }
}

const generations = new WeakMap<object, Generation>()

/**
 * Where a handle's change counters come from, and the key of its cache:
 * - SQLite: the read connection itself (each connection has its own
 *   counters), read straight from it (Bun caches the statement): the one
 *   query on the hot path of every cache hit, where compiling a drizzle
 *   template each time measurably costs (bench/browse.ts).
 * - PostgreSQL: the database's `search_version`, which a trigger on every
 *   table a search reads bumps in the writing transaction, so a reader sees it
 *   move when the write commits, whichever process or instance made it
 *   (migrations/postgres, ADR 021). Not inside a unit of work, whose
 *   uncommitted rows might be rolled back.
 */
type Source = { key: object; inTransaction: () => boolean; read: () => Counters | Promise<Counters> }

function sourceOf(db: Executor): Source | null {
  const client = sqliteConnection(db)
  if (client) return { key: client, inTransaction: () => client.inTransaction, read: () => client.query(SQLITE_CHANGE_COUNTERS).get() as Counters }
  if (inUnitOfWork(db)) return null
  return { key: db, inTransaction: () => false, read: async () => (await row<Counters>(db, changeCountersSql))! }
}

/** The counters a witnessed row carries (witnessedSql, db/dialect.ts), named as the source reads them; none on a row without them. */
function witnessed(row: object | undefined): Counters | undefined {
  if (!row) return undefined
  const counters: Counters = {}
  let any = false
  for (const [name, value] of Object.entries(row)) {
    if (!name.startsWith('witness_')) continue
    if (typeof value !== 'number') return undefined
    counters[name.slice('witness_'.length)] = value
    any = true
  }
  return any ? counters : undefined
}

/**
 * Told the rows of each statement a computation runs (witnessedSql's or not:
 * those without a version make it unknown). `facts(now)`: the current
 * generation's facts while every statement so far saw its version and `now`
 * (the moment the statements compared with) is inside its window; null
 * otherwise, when nothing may be read from them or added.
 */
export type Witness = { saw: (rows: readonly object[]) => void; facts: (now: number) => Facts | null }

/** A witness for a computation outside searchBody: it keeps nothing. */
export const UNWITNESSED: Witness = { saw: () => {}, facts: () => null }

/** The counters every statement of a computation saw, if they all said and agree: it read one version of the data. */
function agreed(seen: readonly (Counters | undefined)[]): Counters | undefined {
  const first = seen[0]
  return first && seen.every((c) => c !== undefined && sameCounters(c, first)) ? first : undefined
}

/** Two readings of the change counters (CHANGE_COUNTERS rows) are equal: nothing changed in between. */
function sameCounters(a: Counters, b: Counters) {
  for (const name in a) if (a[name] !== b[name]) return false
  return true
}

const freshnessBoundarySql = (since: number) => sql`SELECT min(beds_confirmed_at) AS t FROM properties WHERE beds_confirmed_at > ${since}`

/** Nothing the generation depends on moved: same counters, clock inside its window. */
const holds = (generation: Generation, counters: Counters, now: number) =>
  sameCounters(generation.counters, counters) && now >= generation.from && now < generation.until

/**
 * The current generation of `db`'s cache, a new (empty) one when anything it depends on moved.
 * `known`: counters read a moment ago in this request (a cache miss's), used instead of reading
 * again: earlier counters can only make the store after the computation refuse, never keep a stale body.
 */
async function current(db: Executor, known?: Counters, now = clock.ms()): Promise<Generation | null> {
  const source = sourceOf(db)
  if (!source || source.inTransaction()) return null
  const counters = known ?? (await source.read())
  const found = generations.get(source.key)
  if (found && holds(found, counters, now)) return found
  const boundary = await row<{ until: number | null }>(db, PREMIUM_TIME_BOUNDARY_SQL(now))
  const window = env.BEDS_FRESH_DAYS * DAY
  // The "confirmed recently" filter compares beds_confirmed_at with now: the next
  // confirmation to grow stale ends the generation too (properties_beds_confirmed_idx).
  const stale = await row<{ t: number | null }>(db, freshnessBoundarySql(freshSince(now)))
  const fresh: Generation = {
    counters,
    from: now,
    until: Math.min(boundary?.until ?? Number.POSITIVE_INFINITY, stale?.t == null ? Number.POSITIVE_INFINITY : stale.t + window),
    entries: new Map(),
    facts: boundedFacts(),
  }
  generations.set(source.key, fresh)
  return fresh
}

/**
 * What cachedSearch found: the body, or on a miss the counters it read, for
 * searchBody to start from; `unread`: a miss decided without reading them.
 */
export type CacheLookup = { body: string | undefined; counters?: Counters; unread?: true }

/**
 * The cached JSON body for `key` (the raw query string), if any. The hot path
 * (bench/browse.ts): one query, no new generation (searchBody starts one). A
 * miss hands on the counters it read: on PostgreSQL each reading is a round trip.
 */
export async function cachedSearch(db: Executor, key: string): Promise<CacheLookup> {
  const source = sourceOf(db)
  if (!source || source.inTransaction()) return { body: undefined }
  const found = generations.get(source.key)
  // A key the cache does not hold is a miss whatever the counters: they are not read (the search's
  // statements say what they saw, witnessedSql).
  if (!found?.entries.has(key)) return { body: undefined, unread: true }
  const counters = await source.read()
  const body = holds(found, counters, clock.ms()) ? found.entries.get(key) : undefined
  // A miss is counted by searchBody, which the caller runs next.
  if (body !== undefined) counterOf(key).hit()
  return { body, counters }
}

/** The facts of `db`'s current generation if it is the version `counters` name and `now` is inside its window (no read: a generation starts in searchBody). */
function factsOf(db: Executor, counters: Counters | undefined, now: number): Facts | null {
  if (!counters) return null
  const source = sourceOf(db)
  if (!source || source.inTransaction()) return null
  const generation = generations.get(source.key)
  return generation && holds(generation, counters, now) ? generation.facts : null
}

function keep(generation: Generation, key: string, body: string) {
  if (generation.entries.size >= MAX_ENTRIES) generation.entries.delete(generation.entries.keys().next().value!)
  generation.entries.set(key, body)
}

/**
 * The JSON body for `key`, computed by `compute` (which must only read, through
 * `db`) and kept for the next identical request if nothing it depends on
 * moved while it ran.
 */
export async function searchBody(
  db: Executor,
  key: string,
  compute: (witness: Witness) => Promise<unknown>,
  { serialize = JSON.stringify, missed }: { serialize?: (value: unknown) => string; missed?: CacheLookup } = {},
): Promise<string> {
  const startedAt = clock.ms()
  const counter = counterOf(key)
  const seen: (Counters | undefined)[] = []
  const witness: Witness = { saw: (rows) => seen.push(witnessed(rows[0])), facts: (now) => factsOf(db, agreed(seen), now) }
  if (missed?.unread) {
    counter.miss()
    // Nothing read before: the body is kept only if every statement saw one version of the data,
    // under that version's generation, while the clock stayed inside its window.
    const body = serialize(await compute(witness))
    const saw = agreed(seen)
    const generation = saw && (await current(db, saw, startedAt))
    if (generation && clock.ms() < generation.until) keep(generation, key, body)
    return body
  }
  const generation = await current(db, missed?.counters)
  const hit = generation?.entries.get(key)
  if (hit !== undefined) {
    counter.hit()
    return hit
  }
  counter.miss()
  const body = serialize(await compute(witness))
  // Still current after the computation (same counters, clock still inside the window): no commit landed
  // meanwhile. The statements' own counters stand for a reading when they all saw the generation's.
  const saw = agreed(seen)
  const still = saw && generation && sameCounters(saw, generation.counters) && clock.ms() < generation.until ? generation : await current(db)
  if (generation && still === generation) keep(generation, key, body)
  return body
}

/**
 * Another public read's body (the sitemap), cached and invalidated exactly as
 * the search's: the same generations, so the same tables' writes and the same
 * clock boundaries end it. Its key starts with a space, which a request URL's
 * query string (the search's keys) cannot hold.
 */
export const publicReadBody = (db: Executor, name: string, compute: () => Promise<string>) => searchBody(db, ` ${name}`, compute, { serialize: String })
