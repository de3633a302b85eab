import { rateLimited } from '../errors'
import { clock } from './clock'
import { env } from '../env'

/** The one text of every 429: "<what>. Please try again in N minute(s)." */
export const tryAgainIn = (what: string) => (minutes: number) =>
  `${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`

/**
 * In-memory fixed-window counters. One process serves the whole agency, so a
 * map is enough; limits reset on restart, which errs on the side of users.
 */
export class RateLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>()

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly message: (minutes: number) => string = tryAgainIn('Too many attempts'),
  ) {}

  /** Throws 429 when `key` is already over the limit (does not count). */
  check(key: string) {
    const entry = this.hits.get(key)
    const now = clock.ms()
    if (entry && entry.resetAt > now && entry.count >= this.limit) {
      const seconds = (entry.resetAt - now) / 1000
      throw rateLimited(seconds, this.message(Math.ceil(seconds / 60)))
    }
  }

  /** Counts one hit for `key`. */
  hit(key: string) {
    const now = clock.ms()
    const entry = this.hits.get(key)
    if (!entry || entry.resetAt <= now) this.hits.set(key, { count: 1, resetAt: now + this.windowMs })
    else entry.count++
    if (this.hits.size > 50_000) this.sweep(now)
  }

  /** Check then count: for actions limited on every attempt (sign-up, uploads...). */
  consume(key: string) {
    this.check(key)
    this.hit(key)
  }

  reset(key: string) {
    this.hits.delete(key)
  }

  clear() {
    this.hits.clear()
  }

  private sweep(now: number) {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k)
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
