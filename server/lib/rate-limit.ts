import { createHash } from 'node:crypto'
import { lte, sql } from 'drizzle-orm'
import { engineOf, type DB, type Executor } from '../db/client'
import { row } from '../db/raw'
import { rate_limits } from '../db/schema'
import { transaction } from '../db/unit-of-work'
import { rateLimited } from '../errors'
import { env } from '../env'
import { clock } from './clock'
import { keyed } from '../i18n/keyed'

/**
 * The one text of every 429, "<what>. Please try again in N minute(s).": `key` is a message of the
 * server's catalogs taking `{minutes}` (errors.tooManyAttempts is the model).
 */
export const tryAgainIn = (key: string) => (minutes: number) => keyed(key, { minutes })

/** One attempt taken from a limiter: kept unless released. */
export interface Reservation {
  /** Gives the attempt back (the action succeeded and is not counted). Once; later calls do nothing. */
  release(): Promise<void>
}

/**
 * Where a limiter keeps its fixed windows: `resetAt` names the window an
 * attempt was taken from. Each call gets the caller's database (a store in
 * memory ignores it): services receive their database, they never take the
 * process's (ADR 020).
 */
interface WindowStore {
  /** Takes one attempt when fewer than `limit` were taken in the current window (a new one when it ended). */
  take(db: Executor, name: string, key: string, limit: number, windowMs: number): Promise<{ taken: boolean; resetAt: number }>
  /** Gives one attempt back into the window that ends at `resetAt`, if it is still the current one. */
  giveBack(db: Executor, name: string, key: string, resetAt: number): Promise<void>
  /** The end of the window in which `key` has no attempt left, or null. */
  exhausted(db: Executor, name: string, key: string, limit: number): Promise<number | null>
  forget(db: Executor, name: string, key: string): Promise<void>
  clear(db: Executor): Promise<void>
}

/**
 * One process (SQLite): a map. A check and its count happen in the same tick,
 * so a burst is refused exactly like the same requests one after another, and
 * nothing touches the database. Limits reset on restart, which errs on the
 * side of users.
 */
class MemoryStore implements WindowStore {
  private windows = new Map<string, { count: number; resetAt: number }>()

  async take(_db: Executor, name: string, key: string, limit: number, windowMs: number) {
    const id = `${name}\n${key}`
    const now = clock.ms()
    let entry = this.windows.get(id)
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs }
      this.windows.set(id, entry)
      if (this.windows.size > 50_000) this.sweep(now)
    }
    if (entry.count >= limit) return { taken: false, resetAt: entry.resetAt }
    entry.count++
    return { taken: true, resetAt: entry.resetAt }
  }

  async giveBack(_db: Executor, name: string, key: string, resetAt: number) {
    const entry = this.windows.get(`${name}\n${key}`)
    if (entry && entry.resetAt === resetAt && entry.count > 0) entry.count--
  }

  async exhausted(_db: Executor, name: string, key: string, limit: number) {
    const entry = this.windows.get(`${name}\n${key}`)
    return entry && entry.resetAt > clock.ms() && entry.count >= limit ? entry.resetAt : null
  }

  async forget(_db: Executor, name: string, key: string) {
    this.windows.delete(`${name}\n${key}`)
  }

  async clear(_db: Executor) {
    this.windows.clear()
  }

  private sweep(now: number) {
    for (const [k, v] of this.windows) if (v.resetAt <= now) this.windows.delete(k)
  }
}

/**
 * Several instances (PostgreSQL): the `rate_limits` table. Taking an attempt
 * is one upsert whose WHERE refuses a full window, so the row lock of the
 * conflicting row orders concurrent takers from any instance: a burst split
 * over two servers gets the same answers as one server. Keys are hashed.
 */
class DatabaseStore implements WindowStore {
  private static hash = (key: string) => createHash('sha256').update(key).digest('base64url')

  async take(db: Executor, name: string, key: string, limit: number, windowMs: number) {
    const now = clock.ms()
    const hashed = DatabaseStore.hash(key)
    const taken = await transaction(db, (tx) =>
      row<{ reset_at: number }>(
        tx,
        sql`INSERT INTO rate_limits (name, key, count, reset_at) VALUES (${name}, ${hashed}, 1, ${now + windowMs})
            ON CONFLICT (name, key) DO UPDATE SET
              count = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.count + 1 END,
              reset_at = CASE WHEN rate_limits.reset_at <= ${now} THEN excluded.reset_at ELSE rate_limits.reset_at END
            WHERE rate_limits.reset_at <= ${now} OR rate_limits.count < ${limit}
            RETURNING reset_at`,
      ),
    )
    if (taken) return { taken: true, resetAt: Number(taken.reset_at) }
    return { taken: false, resetAt: (await this.exhausted(db, name, key, limit)) ?? now }
  }

  async giveBack(db: Executor, name: string, key: string, resetAt: number) {
    await transaction(db, (tx) =>
      tx.run(
        sql`UPDATE rate_limits SET count = count - 1
            WHERE name = ${name} AND key = ${DatabaseStore.hash(key)} AND reset_at = ${resetAt} AND count > 0`,
      ),
    )
  }

  async exhausted(db: Executor, name: string, key: string, limit: number) {
    const found = await row<{ reset_at: number }>(
      db,
      sql`SELECT reset_at FROM rate_limits
          WHERE name = ${name} AND key = ${DatabaseStore.hash(key)} AND reset_at > ${clock.ms()} AND count >= ${limit}`,
    )
    return found ? Number(found.reset_at) : null
  }

  async forget(db: Executor, name: string, key: string) {
    await transaction(db, (tx) => tx.run(sql`DELETE FROM rate_limits WHERE name = ${name} AND key = ${DatabaseStore.hash(key)}`))
  }

  async clear(db: Executor) {
    await transaction(db, (tx) => tx.delete(rate_limits))
  }
}

/** Deletes the windows that have ended (a periodic task on every instance; idempotent). */
export async function removeEndedWindows(db: DB) {
  if (engineOf(db) !== 'postgres') return 0
  const gone = await transaction(db, (tx) => tx.delete(rate_limits).where(lte(rate_limits.reset_at, clock.ms())).returning({ name: rate_limits.name }))
  return gone.length
}

export const memoryStore = () => new MemoryStore()
export const databaseStore = () => new DatabaseStore()
/**
 * The store of the database each call gets: shared in the database when
 * several instances may run on it (PostgreSQL), in this process's memory
 * otherwise (one SQLite process).
 */
class StoreOfDatabase implements WindowStore {
  private readonly memory = memoryStore()
  private readonly shared = databaseStore()
  private of(db: Executor): WindowStore {
    return engineOf(db) === 'postgres' ? this.shared : this.memory
  }
  take(db: Executor, name: string, key: string, limit: number, windowMs: number) {
    return this.of(db).take(db, name, key, limit, windowMs)
  }
  giveBack(db: Executor, name: string, key: string, resetAt: number) {
    return this.of(db).giveBack(db, name, key, resetAt)
  }
  exhausted(db: Executor, name: string, key: string, limit: number) {
    return this.of(db).exhausted(db, name, key, limit)
  }
  forget(db: Executor, name: string, key: string) {
    return this.of(db).forget(db, name, key)
  }
  clear(db: Executor) {
    return this.of(db).clear(db)
  }
}
const defaultStore = (): WindowStore => new StoreOfDatabase()

/**
 * Fixed-window counters, named so every instance counts into the same window.
 *
 * An attempt is taken (`reserve`) before any async work it guards — a password
 * hash, a file upload — so a burst sent at once is refused exactly like the
 * same requests sent one after another. A limiter that counts only failures
 * releases the attempt when the action succeeds.
 */
export class RateLimiter {
  constructor(
    readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly message: (minutes: number) => string = tryAgainIn('errors.tooManyAttempts'),
    private readonly store: WindowStore = defaultStore(),
  ) {}

  private refuse(resetAt: number): never {
    const seconds = Math.max(0, resetAt - clock.ms()) / 1000
    throw rateLimited(seconds, this.message(Math.max(1, Math.ceil(seconds / 60))))
  }

  /** Throws 429 when `key` has no attempt left in its window (takes nothing). */
  async check(db: Executor, key: string) {
    const resetAt = await this.store.exhausted(db, this.name, key, this.limit)
    if (resetAt !== null) this.refuse(resetAt)
  }

  /** Takes one attempt for `key` now, or throws 429 when none is left. */
  async reserve(db: Executor, key: string): Promise<Reservation> {
    const { taken, resetAt } = await this.store.take(db, this.name, key, this.limit, this.windowMs)
    if (!taken) this.refuse(resetAt)
    let released = false
    return {
      release: async () => {
        if (released) return
        released = true
        // Only into the window it was taken from: a new window (or a reset) owes it nothing.
        await this.store.giveBack(db, this.name, key, resetAt)
      },
    }
  }

  /** Takes one attempt that is never given back: for actions limited on every attempt (sign-up, uploads...). */
  async consume(db: Executor, key: string) {
    await this.reserve(db, key)
  }

  /** Forgets `key`'s attempts (a successful sign-in clears the account's failures). */
  reset(db: Executor, key: string) {
    return this.store.forget(db, this.name, key)
  }

  clear(db: Executor) {
    return this.store.clear(db)
  }
}

/**
 * Takes one attempt from each limiter for its key, all or none: when one is
 * out of attempts, those already taken are given back and its 429 is thrown.
 */
export async function reserveAll(db: Executor, ...pairs: Array<[RateLimiter, string]>): Promise<Reservation> {
  const taken: Reservation[] = []
  try {
    for (const [limiter, key] of pairs) taken.push(await limiter.reserve(db, key))
  } catch (error) {
    for (const r of taken) await r.release()
    throw error
  }
  return {
    release: async () => {
      for (const r of taken) await r.release()
    },
  }
}

/**
 * Runs `work` on an attempt already taken: the attempt is kept when `work`
 * fails in a way that `counts` (a wrong password or code), and given back
 * when it succeeds or fails for any other reason (a conflict, a busy server).
 */
export async function keepOnFailure<T>(attempt: Reservation | Promise<Reservation>, counts: (error: unknown) => boolean, work: () => Promise<T>): Promise<T> {
  const reservation = await attempt
  try {
    const result = await work()
    await reservation.release()
    return result
  } catch (error) {
    if (!counts(error)) await reservation.release()
    throw error
  }
}

const all = new Map<string, RateLimiter>()
/** Creates a named limiter, registered for `resetAllLimiters()` (tests) and scaled by RATE_LIMIT_SCALE. */
export function limiter(name: string, limit: number, windowMs: number, message?: (minutes: number) => string) {
  if (all.has(name)) throw new Error(`Two rate limiters are named ${name}`)
  const l = new RateLimiter(name, Math.max(1, Math.round(limit * env.RATE_LIMIT_SCALE)), windowMs, message)
  all.set(name, l)
  return l
}
export async function resetAllLimiters(db: Executor) {
  for (const l of all.values()) await l.clear(db)
}
