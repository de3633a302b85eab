import { rateLimited } from '../errors'
import { clock } from './clock'
import { env } from '../env'

/** The one text of every 429: "<what>. Please try again in N minute(s)." */
export const tryAgainIn = (what: string) => (minutes: number) =>
  `${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`

/** One attempt taken from a limiter: kept unless released. */
export interface Reservation {
  /** Gives the attempt back (the action succeeded and is not counted). Once; later calls do nothing. */
  release(): void
}

type Window = { count: number; resetAt: number }

/**
 * In-memory fixed-window counters. One process serves the whole agency, so a
 * map is enough; limits reset on restart, which errs on the side of users.
 *
 * An attempt is taken (`reserve`) before any async work it guards — a password
 * hash, a file upload — in the same tick as the check, so a burst sent at once
 * is refused exactly like the same requests sent one after another. A limiter
 * that counts only failures releases the attempt when the action succeeds.
 */
export class RateLimiter {
  private windows = new Map<string, Window>()

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly message: (minutes: number) => string = tryAgainIn('Too many attempts'),
  ) {}

  /** Throws 429 when `key` has no attempt left in its window (takes nothing). */
  check(key: string) {
    const entry = this.windows.get(key)
    const now = clock.ms()
    if (entry && entry.resetAt > now && entry.count >= this.limit) {
      const seconds = (entry.resetAt - now) / 1000
      throw rateLimited(seconds, this.message(Math.ceil(seconds / 60)))
    }
  }

  /** Takes one attempt for `key` now, or throws 429 when none is left. */
  reserve(key: string): Reservation {
    this.check(key)
    const now = clock.ms()
    let entry = this.windows.get(key)
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs }
      this.windows.set(key, entry)
      if (this.windows.size > 50_000) this.sweep(now)
    }
    entry.count++
    const taken = entry
    let released = false
    return {
      release: () => {
        if (released) return
        released = true
        // Only into the window it was taken from: a new window (or a reset) owes it nothing.
        if (this.windows.get(key) === taken && taken.count > 0) taken.count--
      },
    }
  }

  /** Counts one attempt without checking the limit (fixtures that fill a window). */
  hit(key: string) {
    try {
      this.reserve(key)
    } catch {
      this.windows.get(key)!.count++
    }
  }

  /** Takes one attempt that is never given back: for actions limited on every attempt (sign-up, uploads...). */
  consume(key: string) {
    this.reserve(key)
  }

  /** Forgets `key`'s attempts (a successful sign-in clears the account's failures). */
  reset(key: string) {
    this.windows.delete(key)
  }

  clear() {
    this.windows.clear()
  }

  private sweep(now: number) {
    for (const [k, v] of this.windows) if (v.resetAt <= now) this.windows.delete(k)
  }
}

/**
 * Takes one attempt from each limiter for its key, all or none: when one is
 * out of attempts nothing is taken and its 429 is thrown.
 */
export function reserveAll(...pairs: Array<[RateLimiter, string]>): Reservation {
  for (const [limiter, key] of pairs) limiter.check(key)
  const taken = pairs.map(([limiter, key]) => limiter.reserve(key))
  return {
    release: () => {
      for (const r of taken) r.release()
    },
  }
}

/**
 * Runs `work` on an attempt already taken: the attempt is kept when `work`
 * fails in a way that `counts` (a wrong password or code), and given back
 * when it succeeds or fails for any other reason (a conflict, a busy server).
 */
export async function keepOnFailure<T>(attempt: Reservation, counts: (error: unknown) => boolean, work: () => Promise<T>): Promise<T> {
  try {
    const result = await work()
    attempt.release()
    return result
  } catch (error) {
    if (!counts(error)) attempt.release()
    throw error
  }
}

const all: RateLimiter[] = []
/** Creates a limiter registered for `resetAllLimiters()` (tests), scaled by RATE_LIMIT_SCALE. */
export function limiter(...args: ConstructorParameters<typeof RateLimiter>) {
  const [limit, windowMs, message] = args
  const l = new RateLimiter(Math.round(limit * env.RATE_LIMIT_SCALE), windowMs, message)
  all.push(l)
  return l
}
export function resetAllLimiters() {
  for (const l of all) l.clear()
}
