/**
 * Limits under bursts: every limited action sent N times at the same moment
 * (real concurrent requests through the app, no mocked timers) gets the same
 * answers as the same N requests sent one after another. The attempt is taken
 * before the async work it guards (a password hash, a file upload), in the
 * same tick as the check.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { enableWithSecret, totpCode } from '../features/accounts/two-factor'
import { insertReferral, invite } from '../features/messaging/test-fixtures'
import { png } from '../test/media-fixtures'
import { anonymous, createUser, db, setupTestDb, TEST_PASSWORD, TestAgent } from '../test/setup'
import { eq } from 'drizzle-orm'
import { rate_limits } from '../db/schema'
import { clock } from './clock'
import { databaseStore, memoryStore, RateLimiter, reserveAll, resetAllLimiters } from './rate-limit'

setupTestDb()
beforeEach(() => resetAllLimiters(db))
afterEach(() => clock.reset())

type Res = { status: number }
const uniq = () => crypto.randomUUID().slice(0, 8)
/** Sends all at once and returns how many got each status, e.g. { 401: 5, 429: 55 }. */
async function burst(n: number, send: (i: number) => Promise<Res>) {
  const results = await Promise.all(Array.from({ length: n }, (_, i) => send(i)))
  const counts: Record<number, number> = {}
  for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1
  return counts
}
/**
 * A sign-in burst's answers: `checked` got past the limits (401 for a wrong
 * password, or 503 when the machine is so loaded that the password hash queue
 * turned it away — that one counted nothing); `refused` got the limit's 429.
 */
function signInOutcome(counts: Record<number, number>) {
  const { 401: wrong = 0, 503: busy = 0, 429: refused = 0, ...other } = counts
  return { checked: wrong + busy, refused, other }
}
async function sequence(n: number, send: (i: number) => Promise<Res>) {
  const statuses: number[] = []
  for (let i = 0; i < n; i++) statuses.push((await send(i)).status)
  return statuses
}
/** Each request from its own address, so only the limit under test applies. */
const fromAddress = (i: number, base = 10) => `198.51.${base}.${i + 1}`
const signIn = (email: string, password: string, ip: string) => new TestAgent(undefined, ip).post('/api/auth/sign-in', { email, password })

/** The limiter on each store: the in-memory map of one process and the table several instances share. */
for (const [store, make] of [
  ['in memory', memoryStore],
  ['in the database', () => databaseStore()],
] as const) {
  describe(`the limiter itself, ${store}`, () => {
    const limiterOf = (limit: number) => new RateLimiter(`test-${uniq()}`, limit, 60_000, undefined, make())

    test('reserve takes an attempt at once; release gives it back, once, and only into its own window', async () => {
      const l = limiterOf(2)
      const a = await l.reserve(db, 'k')
      const b = await l.reserve(db, 'k')
      await expect(l.reserve(db, 'k')).rejects.toThrow('Too many attempts')
      await a.release()
      await a.release() // a second release gives nothing more
      const c = await l.reserve(db, 'k')
      await expect(l.reserve(db, 'k')).rejects.toThrow()
      await l.reset(db, 'k')
      clock.advance(1) // the next window starts a millisecond later, so it is told apart from the old one
      await b.release() // from a window that is gone: the new window owes it nothing
      await c.release()
      await l.reserve(db, 'k')
      await l.reserve(db, 'k')
      await expect(l.reserve(db, 'k')).rejects.toThrow()
    })

    test('a window ends: its attempts are available again', async () => {
      const l = limiterOf(1)
      await l.reserve(db, 'k')
      await expect(l.check(db, 'k')).rejects.toThrow('Please try again in 1 minute.')
      clock.advance(60_000)
      await l.check(db, 'k')
      await l.reserve(db, 'k')
    })

    test('reserveAll takes from every limiter or from none', async () => {
      const one = limiterOf(5)
      const full = limiterOf(1)
      await full.reserve(db, 'ip')
      await expect(reserveAll(db, [one, 'acct'], [full, 'ip'])).rejects.toThrow()
      for (let i = 0; i < 5; i++) await one.reserve(db, 'acct') // nothing was kept from `one` by the refused call
      await expect(one.reserve(db, 'acct')).rejects.toThrow()
    })

    test('a burst of 50 takers at once: exactly the limit is taken', async () => {
      const l = limiterOf(7)
      const results = await Promise.allSettled(Array.from({ length: 50 }, () => l.reserve(db, 'k')))
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7)
    })
  })
}

test('the shared table keeps no e-mail or address in clear', async () => {
  const l = new RateLimiter(`test-${uniq()}`, 3, 60_000, undefined, databaseStore())
  await l.reserve(db, 'someone@example.com')
  const stored = await db.select().from(rate_limits).where(eq(rate_limits.name, l.name))
  expect(stored).toHaveLength(1)
  expect(stored[0]!.key).not.toContain('someone')
})

describe('sign-in bursts', () => {
  test('60 wrong passwords for one account at once: 5 are checked, 55 refused, exactly like one after another', async () => {
    const user = await createUser()
    const counts = await burst(60, (i) => signIn(user.email, 'wrong-password', fromAddress(i)))
    expect(signInOutcome(counts)).toEqual({ checked: 5, refused: 55, other: {} })
    // A busy machine may answer some of the five 503 (the hash queue waited too long): those checked
    // nothing and gave their attempt back. One at a time, the queue is empty: they are checked now.
    for (let i = 0; i < (counts[503] ?? 0); i++) expect((await signIn(user.email, 'wrong-password', fromAddress(i, 11))).status).toBe(401)
    // Locked like after a sequence: even the right password is refused now.
    expect((await signIn(user.email, TEST_PASSWORD, '198.51.99.1')).status).toBe(429)

    await resetAllLimiters(db)
    const other = await createUser()
    const seq = await sequence(60, (i) => signIn(other.email, 'wrong-password', fromAddress(i, 11)))
    expect(seq.filter((s) => s === 401)).toHaveLength(5)
    expect(seq.slice(5).every((s) => s === 429)).toBe(true)
  })

  test('an unknown e-mail gets the same answers as a known one, attempt by attempt and in a burst', async () => {
    const user = await createUser()
    const unknown = `nobody-${uniq()}@example.com`
    const known = await sequence(8, (i) => signIn(user.email, 'wrong-password', fromAddress(i, 12)))
    const notKnown = await sequence(8, (i) => signIn(unknown, 'wrong-password', fromAddress(i, 13)))
    expect(notKnown).toEqual(known)
    expect(known).toEqual([401, 401, 401, 401, 401, 429, 429, 429])

    await resetAllLimiters(db)
    const other = await createUser()
    const a = await burst(40, (i) => signIn(other.email, 'wrong-password', fromAddress(i, 14)))
    const nobody = `nobody-${uniq()}@example.com`
    const b = await burst(40, (i) => signIn(nobody, 'wrong-password', fromAddress(i, 15)))
    expect(signInOutcome(a)).toEqual({ checked: 5, refused: 35, other: {} })
    expect(signInOutcome(b)).toEqual(signInOutcome(a))
  })

  test('60 sign-ins from one address at once: 20 are checked, 40 refused', async () => {
    const counts = await burst(60, (i) => signIn(`someone-${i}-${uniq()}@example.com`, 'wrong-password', '198.51.100.77'))
    expect(signInOutcome(counts)).toEqual({ checked: 20, refused: 40, other: {} })
  })

  test('a right password gives its attempt back: a few correct sign-ins at once all succeed and count nothing', async () => {
    const user = await createUser()
    const counts = await burst(4, () => signIn(user.email, TEST_PASSWORD, '198.51.100.88'))
    expect(counts).toEqual({ 200: 4 })
    // Nothing counted: 5 wrong passwords are still answered 401 before the limit.
    expect(await sequence(6, () => signIn(user.email, 'wrong-password', '198.51.100.88'))).toEqual([401, 401, 401, 401, 401, 429])
  })

  test('20 wrong two-factor codes at once: 5 are checked, 15 refused', async () => {
    const user = await createUser()
    const key = new Uint8Array(20).fill(3)
    await enableWithSecret(db, user.id, key)
    const browser = anonymous()
    expect((await browser.post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD })).json).toEqual({ two_factor_required: true })
    const right = totpCode(key)
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0')
    expect(await burst(20, () => browser.post('/api/auth/2fa/verify', { code: wrong }))).toEqual({ 401: 5, 429: 15 })
  })
})

describe('the other limits that guard async work hold under bursts', () => {
  test('password reset: 3 per e-mail, known or not, at once as in sequence', async () => {
    const user = await createUser()
    const known = await burst(20, (i) => new TestAgent(undefined, fromAddress(i, 20)).post('/api/auth/forgot-password', { email: user.email }))
    const ghost = `ghost-${uniq()}@example.com`
    const unknown = await burst(20, (i) => new TestAgent(undefined, fromAddress(i, 21)).post('/api/auth/forgot-password', { email: ghost }))
    expect(known).toEqual({ 200: 3, 429: 17 })
    expect(unknown).toEqual(known)
  })

  test('sign-up: 10 accounts per address, 30 sent at once', async () => {
    const counts = await burst(30, (i) =>
      new TestAgent(undefined, '198.51.100.90').post('/api/auth/sign-up', {
        email: `burst-${i}-${uniq()}@example.com`,
        password: TEST_PASSWORD,
        first_name: 'Burst',
        last_name: 'Tester',
        phone: '(555) 555-0100',
      }),
    )
    // 503 only when the machine is so loaded that the hash queue turned one away (it created nothing).
    const { 201: created = 0, 503: busy = 0, 429: refused = 0, ...other } = counts
    expect({ passed: created + busy, refused, other }).toEqual({ passed: 10, refused: 20, other: {} })
  })

  test('licence proof uploads: 20 per hour, 26 sent at once', async () => {
    const operator = await createUser({ roles: ['operator'] })
    const bytes = await png(16, 16)
    const counts = await burst(26, () => {
      const form = new FormData()
      form.append('file', new File([bytes as BlobPart], 'licence.png', { type: 'image/png' }))
      return operator.agent.upload('/api/my/license-proofs', form)
    })
    expect(counts[429]).toBe(6)
    expect(Object.entries(counts).filter(([s]) => s !== '429').reduce((n, [, c]) => n + c, 0)).toBe(20)
    expect(Object.keys(counts).some((s) => Number(s) >= 500)).toBe(false)
  })

  test('messages: 60 a minute, 70 sent at once', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const operator = await createUser({ roles: ['operator'] })
    const referral = await insertReferral(referrer.id)
    const conversation = await invite(referral.id, operator.id, referrer.id)
    const counts = await burst(70, (i) => operator.agent.post(`/api/conversations/${conversation.id}/messages`, { message_text: `hello ${i}` }))
    expect(counts).toEqual({ 201: 60, 429: 10 })
  })
})
