import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { outbox, sessions, user_roles, users } from '../../db/schema'
import { anonymous, createUser, db, setupTestDb, TEST_PASSWORD, TestAgent } from '../../test/setup'
import { clock, DAY, HOUR } from '../../lib/clock'
import { resolveRole } from './roles'

setupTestDb()

const valid = {
  email: 'New.Operator@Example.com',
  password: 'correct-horse',
  first_name: 'Nia',
  last_name: 'Owens',
  phone: '(555) 123-4567',
  plan: 'free',
}

describe('sign-up', () => {
  test('creates the account, signs in and answers /me', async () => {
    const agent = anonymous()
    const res = await agent.post('/api/auth/sign-up', valid)
    expect(res.status).toBe(201)
    expect(res.json.user.email).toBe('new.operator@example.com')
    expect(res.json.role).toBe('operator') // no role rows → operator
    expect(res.json.roles).toEqual([])
    expect(res.json.subscription).toMatchObject({ subscribed: false, tier: 'free' })
    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    const me = await agent.get('/api/me')
    expect(me.json.user.first_name).toBe('Nia')
  })

  test.each([
    [{ email: 'nope' }, 'email', 'Invalid email address'],
    [{ email: `${'a'.repeat(250)}@x.com` }, 'email', 'Email is too long'],
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ password: 'x'.repeat(129) }, 'password', 'Password is too long'],
    [{ first_name: '  ' }, 'first_name', 'First name is required'],
    [{ last_name: 'x'.repeat(51) }, 'last_name', 'Last name is too long (at most 50 characters)'],
    [{ phone: 'call me' }, 'phone', 'Invalid phone number format'],
    [{ phone: '12345' }, 'phone', 'Phone number is too short'],
    [{ phone: '1'.repeat(21) }, 'phone', 'Phone number is too long'],
    [{ phone: undefined }, 'phone', 'Phone number is required'],
    [{ first_name: 42 }, 'first_name', 'First name is required'],
    [{ plan: 'gold' }, 'plan', 'Please choose a plan'],
    [{ account_type: 'admin' }, 'account_type', 'Please choose who you are'],
  ])('rejects %p with the field message', async (patch, field, message) => {
    const before = (await db.select().from(users).all()).length
    const res = await anonymous().post('/api/auth/sign-up', { ...valid, email: `v${Math.random()}@x.com`, ...patch })
    expect(res.status).toBe(422)
    expect(res.json.error.fields[field]).toBe(message)
    expect((await db.select().from(users).all()).length).toBe(before)
  })

  test('malformed JSON is a 400 and writes nothing', async () => {
    const res = await anonymous().request('POST', '/api/auth/sign-up', { body: '{"email": ', headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
    expect(res.json.error.code).toBe('bad_request')
  })

  test('someone who refers clients holds the referrer role from sign-up; a home operator gets no role row', async () => {
    const agent = anonymous()
    const res = await agent.post('/api/auth/sign-up', { ...valid, email: 'case.manager@example.com', account_type: 'referrer' })
    expect(res.status).toBe(201)
    expect(res.json.role).toBe('referrer')
    expect(res.json.roles).toEqual(['referrer'])
    expect((await agent.get('/api/me')).json.role).toBe('referrer')
    const rows = await db.select().from(user_roles).where(eq(user_roles.user_id, res.json.user.id)).all()
    expect(rows.map((r) => r.role)).toEqual(['referrer'])
    // The welcome e-mail sends them to their own dashboard.
    const mail = await db.select().from(outbox).where(eq(outbox.to_email, 'case.manager@example.com')).all()
    expect(mail.find((m) => m.type === 'welcome')?.text_body).toContain('/referrer-dashboard')

    const operator = await anonymous().post('/api/auth/sign-up', { ...valid, email: 'home.owner@example.com', account_type: 'operator' })
    expect(operator.json.role).toBe('operator')
    expect(operator.json.roles).toEqual([])
  })

  test('duplicate e-mail is a 409', async () => {
    await anonymous().post('/api/auth/sign-up', { ...valid, email: 'dupe@example.com' })
    const res = await anonymous().post('/api/auth/sign-up', { ...valid, email: 'DUPE@example.com' })
    expect(res.status).toBe(409)
    expect(res.json.error.code).toBe('email_taken')
  })
})

describe('sign-in and sessions', () => {
  test('succeeds with the right password and fails with the product’s exact text', async () => {
    const user = await createUser()
    const agent = anonymous()
    const bad = await agent.post('/api/auth/sign-in', { email: user.email, password: 'wrong-password' })
    expect(bad.status).toBe(401)
    expect(bad.json.error.message).toBe('Invalid email or password')
    const unknown = await agent.post('/api/auth/sign-in', { email: 'ghost@example.com', password: 'whatever1' })
    expect(unknown.json.error.message).toBe('Invalid email or password')
    const ok = await agent.post('/api/auth/sign-in', { email: user.email.toUpperCase(), password: TEST_PASSWORD })
    expect(ok.status).toBe(200)
    expect((await agent.get('/api/me')).json.user.id).toBe(user.id)
  })

  test('a new session id at every sign-in; the previous one is dropped', async () => {
    const user = await createUser()
    const agent = anonymous()
    await agent.post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD })
    const first = agent.cookie
    await agent.post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD })
    expect(agent.cookie).not.toBe(first)
    const stale = new TestAgent()
    stale.cookie = first
    expect((await stale.get('/api/me')).json.user).toBeNull()
    // Only the token's hash is stored.
    const ids = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.user_id, user.id)).all()
    expect(ids.every((s) => /^[0-9a-f]{64}$/.test(s.id))).toBe(true)
    expect(ids.some((s) => agent.cookie!.includes(s.id))).toBe(false)
  })

  test('sign-out deletes the session', async () => {
    const user = await createUser()
    const cookie = user.agent.cookie
    const res = await user.agent.post('/api/auth/sign-out')
    expect(res.status).toBe(200)
    const again = new TestAgent()
    again.cookie = cookie
    expect((await again.get('/api/me')).json.user).toBeNull()
  })

  test('sessions expire when idle and at their absolute limit; admins sooner', async () => {
    const user = await createUser()
    const admin = await createUser({ roles: ['admin'] })
    clock.advance(3 * HOUR)
    expect((await admin.agent.get('/api/me')).json.user).toBeNull()
    expect((await user.agent.get('/api/me')).json.user.id).toBe(user.id)
    clock.advance(15 * DAY)
    expect((await user.agent.get('/api/me')).json.user).toBeNull()
    clock.reset()
  })

  test('failed sign-ins are rate limited per account', async () => {
    const user = await createUser()
    const agent = anonymous()
    for (let i = 0; i < 5; i++) await agent.post('/api/auth/sign-in', { email: user.email, password: 'wrong-pass' })
    const limited = await agent.post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD })
    expect(limited.status).toBe(429)
    expect(limited.json.error.message).toMatch(/Too many sign-in attempts/)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  test('failed sign-ins are rate limited per IP across accounts', async () => {
    const agent = new TestAgent(undefined, '198.51.100.99')
    let last = 0
    for (let i = 0; i < 21; i++) {
      last = (await agent.post('/api/auth/sign-in', { email: `spray${i}@example.com`, password: 'wrong-pass' })).status
    }
    expect(last).toBe(429)
  })
})

describe('roles', () => {
  test.each([
    [[], 'operator'],
    [['operator'], 'operator'],
    [['referrer'], 'referrer'],
    [['operator', 'referrer'], 'referrer'],
    [['admin'], 'admin'],
    [['admin', 'referrer'], 'admin'],
    [['admin', 'operator', 'referrer'], 'admin'],
  ] as const)('%p resolves to %s', async (roles, expected) => {
    expect(resolveRole(roles)).toBe(expected)
    const user = await createUser({ roles: [...roles] })
    const me = await user.agent.get('/api/me')
    expect(me.json.role).toBe(expected)
    expect(me.json.is_admin).toBe(expected === 'admin')
    expect((await db.select().from(user_roles).where(eq(user_roles.user_id, user.id)).all()).length).toBe(roles.length)
  })

  test('admins are premium; complimentary is premium', async () => {
    const admin = await createUser({ roles: ['admin'] })
    expect((await admin.agent.get('/api/me')).json.subscription).toMatchObject({ subscribed: true, tier: 'premium' })
    const comp = await createUser({ plan: 'complimentary' })
    expect((await comp.agent.get('/api/me')).json.subscription).toMatchObject({ subscribed: true, is_complimentary: true })
  })
})

describe('platform', () => {
  test('state-changing requests from another origin are refused', async () => {
    const user = await createUser()
    const res = await user.agent.post('/api/auth/sign-out', undefined, { headers: { origin: 'https://evil.example' } })
    expect(res.status).toBe(403)
    expect(res.json.error.code).toBe('csrf')
    const site = await user.agent.post('/api/auth/sign-out', undefined, { headers: { 'sec-fetch-site': 'cross-site' } })
    expect(site.status).toBe(403)
    expect((await user.agent.get('/api/me')).json.user.id).toBe(user.id)
    const same = await user.agent.post('/api/auth/sign-out', undefined, { headers: { origin: 'http://localhost' } })
    expect(same.status).toBe(200)
  })

  test('unknown /api paths are JSON 404s', async () => {
    const res = await anonymous().get('/api/does-not-exist')
    expect(res.status).toBe(404)
    expect(res.json.error.code).toBe('not_found')
    expect((await anonymous().post('/api/nope/nope', {})).status).toBe(404)
  })

  test('health, config and the OpenAPI contract', async () => {
    expect((await anonymous().get('/api/health')).json).toMatchObject({ ok: true })
    const config = (await anonymous().get('/api/config')).json
    expect(config.unlock_fee_range).toBe('$200-$500')
    expect(config.escrow_hold_hours).toBe(72)
    const spec = (await anonymous().get('/api/openapi.json')).json
    expect(spec.paths['/auth/sign-up']).toBeDefined()
  })

  test('security headers on every response', async () => {
    const res = await anonymous().get('/api/health')
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  })

  test('oversized JSON bodies are a 413', async () => {
    const res = await anonymous().post('/api/auth/sign-in', { email: 'a@b.co', password: 'x'.repeat(2_000_000) })
    expect(res.status).toBe(413)
  })
})
