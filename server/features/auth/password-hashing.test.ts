/**
 * A sign-in flood: more concurrent sign-ins than the hash slots and their
 * queue can take. The overflow is answered with 503 server_busy and
 * Retry-After, everything else gets its normal answer, no other 5xx appears,
 * browsing stays answered, and a 503 costs the caller no sign-in attempt.
 * "At once" and "bounded" are shown with slots held by the test's own work,
 * so nothing depends on how fast this machine hashes.
 */
import { describe, expect, test } from 'bun:test'
import { resetAllLimiters } from '../../lib/rate-limit'
import { anonymous, createUser, setupTestDb, TEST_PASSWORD, TestAgent, db } from '../../test/setup'
import { HASH_CONCURRENCY, HASH_QUEUE_LIMIT, hashLoad, hashPassword, inHashSlot } from './password-hashing'

setupTestDb()

const uniq = () => crypto.randomUUID().slice(0, 8)

/** Takes `n` slot or queue places with work that finishes only when `release()` is called. */
function holdSlots(n: number) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const held = Array.from({ length: n }, () => inHashSlot(() => released).catch((e: Error) => e))
  return {
    release: async () => {
      release()
      await Promise.all(held)
    },
  }
}

describe('password hashing under a sign-in flood', () => {
  test('the overflow gets 503 + Retry-After; the rest are checked; no other 5xx', async () => {
    await resetAllLimiters(db)
    const flood = HASH_CONCURRENCY + HASH_QUEUE_LIMIT + 60
    const results = await Promise.all(
      Array.from({ length: flood }, (_, i) =>
        // Each from its own address and e-mail: no rate limit applies, only the hash queue.
        new TestAgent(undefined, `203.0.${100 + (i >> 8)}.${i & 255}`).post('/api/auth/sign-in', { email: `flood-${i}-${uniq()}@example.com`, password: 'wrong-password' }),
      ),
    )
    const busy = results.filter((r) => r.status === 503)
    const checked = results.filter((r) => r.status === 401)
    expect(busy.length + checked.length).toBe(flood) // nothing else: no 500, no 429
    expect(busy.length).toBeGreaterThanOrEqual(flood - HASH_CONCURRENCY - HASH_QUEUE_LIMIT)
    expect(checked.length).toBeGreaterThanOrEqual(HASH_CONCURRENCY)
    for (const r of busy) {
      expect(r.json.error).toEqual({ code: 'server_busy', message: 'The server is busy. Please try again in a few seconds.' })
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    expect(hashLoad()).toEqual({ running: 0, waiting: 0 })
  })

  test('with every slot and queue place taken, a sign-in is refused at once and browsing is answered', async () => {
    await resetAllLimiters(db)
    const slots = holdSlots(HASH_CONCURRENCY + HASH_QUEUE_LIMIT)
    try {
      expect(hashLoad()).toEqual({ running: HASH_CONCURRENCY, waiting: HASH_QUEUE_LIMIT })
      // Answered while no held hash can have finished: it did not wait for a turn.
      const refused = await new TestAgent(undefined, '203.0.122.1').post('/api/auth/sign-in', { email: `full-${uniq()}@example.com`, password: 'wrong-password' })
      expect(refused.status).toBe(503)
      expect(refused.json.error.code).toBe('server_busy')
      expect((await anonymous().get('/api/health')).status).toBe(200)
      expect(hashLoad()).toEqual({ running: HASH_CONCURRENCY, waiting: HASH_QUEUE_LIMIT })
    } finally {
      await slots.release()
    }
    expect(hashLoad()).toEqual({ running: 0, waiting: 0 })
  })

  test('a hash that waits past the bound for a slot is refused with 503, and leaves the queue', async () => {
    const slots = holdSlots(HASH_CONCURRENCY)
    try {
      const waited = await inHashSlot(async () => 'ran').catch((e: { code?: string; status?: number }) => e)
      expect(waited).toMatchObject({ code: 'server_busy', status: 503 })
      expect(hashLoad()).toEqual({ running: HASH_CONCURRENCY, waiting: 0 })
    } finally {
      await slots.release()
    }
    expect(hashLoad()).toEqual({ running: 0, waiting: 0 })
  })

  test('a 503 costs no attempt: the account is not locked by a flood it never got through', async () => {
    await resetAllLimiters(db)
    const user = await createUser()
    // Every slot and queue place taken (directly, so it is full before the sign-ins arrive).
    const fill = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE_LIMIT }, () => hashPassword('filler-password').catch(() => null))
    const mine = await Promise.all(Array.from({ length: 5 }, () => new TestAgent(undefined, '203.0.121.1').post('/api/auth/sign-in', { email: user.email, password: 'wrong-password' })))
    await Promise.all(fill)
    const checked = mine.filter((r) => r.status === 401).length
    expect(mine.filter((r) => r.status === 503).length).toBe(5 - checked)
    expect(checked).toBeLessThan(5)
    // Only the checked ones counted: the rest of the 5 wrong passwords are still answered 401, then the right one works.
    for (let i = checked; i < 4; i++) expect((await new TestAgent(undefined, '203.0.121.1').post('/api/auth/sign-in', { email: user.email, password: 'wrong-password' })).status).toBe(401)
    expect((await new TestAgent(undefined, '203.0.121.1').post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD })).status).toBe(200)
  })
})
