/**
 * A sign-in flood: more concurrent sign-ins than the hash slots and their
 * queue can take. The overflow is answered at once with 503 server_busy and
 * Retry-After, everything else gets its normal answer within a few seconds,
 * no other 5xx appears, browsing stays answered, and a 503 costs the caller
 * no sign-in attempt.
 */
import { describe, expect, test } from 'bun:test'
import { resetAllLimiters } from '../../lib/rate-limit'
import { anonymous, createUser, setupTestDb, TEST_PASSWORD, TestAgent, db } from '../../test/setup'
import { HASH_CONCURRENCY, HASH_MAX_WAIT_MS, HASH_QUEUE_LIMIT, hashLoad, hashPassword } from './password-hashing'

setupTestDb()

const uniq = () => crypto.randomUUID().slice(0, 8)

describe('password hashing under a sign-in flood', () => {
  test('the overflow gets 503 + Retry-After at once; the rest are answered within seconds; no other 5xx', async () => {
    await resetAllLimiters(db)
    const flood = HASH_CONCURRENCY + HASH_QUEUE_LIMIT + 60
    const started = performance.now()
    const pending = Array.from({ length: flood }, async (_, i) => {
      const sent = performance.now()
      // Each from its own address and e-mail: no rate limit applies, only the hash queue.
      const res = await new TestAgent(undefined, `203.0.${100 + (i >> 8)}.${i & 255}`).post('/api/auth/sign-in', { email: `flood-${i}-${uniq()}@example.com`, password: 'wrong-password' })
      return { ...res, ms: performance.now() - sent }
    })
    // Browsing is answered while the flood is being hashed.
    const browse = performance.now()
    expect((await anonymous().get('/api/health')).status).toBe(200)
    const browseMs = performance.now() - browse
    const results = await Promise.all(pending)
    const total = performance.now() - started

    const busy = results.filter((r) => r.status === 503)
    const checked = results.filter((r) => r.status === 401)
    expect(busy.length + checked.length).toBe(flood) // nothing else: no 500, no 429
    expect(busy.length).toBeGreaterThanOrEqual(flood - HASH_CONCURRENCY - HASH_QUEUE_LIMIT)
    expect(checked.length).toBeGreaterThanOrEqual(HASH_CONCURRENCY)
    for (const r of busy) {
      expect(r.json.error).toEqual({ code: 'server_busy', message: 'The server is busy. Please try again in a few seconds.' })
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    // Refused at once, not after waiting their turn; nobody waits more than the queue's bound and one hash.
    expect(Math.min(...busy.map((r) => r.ms))).toBeLessThan(1000)
    expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(HASH_MAX_WAIT_MS + 3000)
    expect(browseMs).toBeLessThan(1000)
    expect(hashLoad()).toEqual({ running: 0, waiting: 0 })
    console.log(`flood of ${flood}: ${checked.length} checked, ${busy.length} × 503, in ${Math.round(total)} ms (${HASH_CONCURRENCY} hash slots)`)
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
