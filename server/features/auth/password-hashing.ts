import os from 'node:os'
import { env } from '../../env'
import { serverBusy } from '../../errors'

/**
 * Every password hash and check goes through here (argon2id, ~0.1 s of one
 * core each). At most PASSWORD_HASH_CONCURRENCY run at once (default: the
 * number of cores); a few seconds' worth may wait their turn. Past that — a
 * sign-in flood — a request is answered at once with 503 and Retry-After
 * instead of joining an unbounded queue, so other sign-ins keep being answered
 * within seconds and the server stays responsive for everything else.
 */
export const HASH_CONCURRENCY = env.PASSWORD_HASH_CONCURRENCY ?? Math.max(1, os.availableParallelism())
/** Hashes that may wait for a slot: about 1.5 s of work at ~0.1 s per hash per core. */
export const HASH_QUEUE_LIMIT = HASH_CONCURRENCY * 16
/** The longest a hash waits for a slot (a slower machine than expected): then 503 too. */
export const HASH_MAX_WAIT_MS = 3000
const RETRY_AFTER_SECONDS = 2

let running = 0
const waiting: Array<{ start: () => void }> = []

/** Runs `work` in a hash slot (exported for the tests, which hold slots with work of their own). */
export async function inHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < HASH_CONCURRENCY) running++
  else {
    if (waiting.length >= HASH_QUEUE_LIMIT) throw serverBusy(RETRY_AFTER_SECONDS)
    // A finished hash hands its slot straight to the next waiter (running stays counted).
    await new Promise<void>((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(timer)
          resolve()
        },
      }
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(entry), 1)
        reject(serverBusy(RETRY_AFTER_SECONDS))
      }, HASH_MAX_WAIT_MS)
      waiting.push(entry)
    })
  }
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next.start()
    else running--
  }
}

/** An argon2id hash of `password` (throws 503 server_busy when too many are queued). */
export const hashPassword = (password: string) => inHashSlot(() => Bun.password.hash(password, { algorithm: 'argon2id' }))

/** Does `password` match `hash`? (throws 503 server_busy when too many are queued). */
export const verifyPassword = (password: string, hash: string) => inHashSlot(() => Bun.password.verify(password, hash))

/** Hashes running and waiting now (tests, diagnostics). */
export const hashLoad = () => ({ running, waiting: waiting.length })
