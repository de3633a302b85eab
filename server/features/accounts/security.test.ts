import { describe, expect, test } from 'bun:test'
import { decodeBase32IgnorePadding } from '@oslojs/encoding'
import { eq } from 'drizzle-orm'
import { outbox, users } from '../../db/schema'
import { clock, HOUR, MINUTE } from '../../lib/clock'
import { anonymous, createUser, db, setupTestDb, TEST_PASSWORD, TEST_TOTP_KEY, TestAgent } from '../../test/setup'
import { RESET_INVALID_MESSAGE, RESET_SENT_MESSAGE } from './password-reset'
import { totpCode } from './two-factor'

setupTestDb()

/** The token in the last e-mail of a type sent to an address (what the user clicks). */
async function tokenFrom(to: string, type: string) {
  const rows = (await db.select().from(outbox).where(eq(outbox.to_email, to)).all()).filter((r) => r.type === type)
  const text = rows.at(-1)?.text_body ?? ''
  return /token=([a-z0-9]+)/.exec(text)?.[1] ?? null
}

describe('password reset', () => {
  test('same answer whether or not the e-mail exists; a mail only for real accounts', async () => {
    const user = await createUser()
    const a = await anonymous().post('/api/auth/forgot-password', { email: user.email })
    const b = await anonymous().post('/api/auth/forgot-password', { email: 'nobody@example.com' })
    expect(a.status).toBe(200)
    expect(a.json).toEqual(b.json)
    expect(a.json.message).toBe(RESET_SENT_MESSAGE)
    expect(await tokenFrom(user.email, 'password_reset')).toBeTruthy()
    expect(await tokenFrom('nobody@example.com', 'password_reset')).toBeNull()
  })

  test('the link works once, signs out every other session, and signs this browser in', async () => {
    const user = await createUser()
    const other = new TestAgent()
    await other.post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD })
    await anonymous().post('/api/auth/forgot-password', { email: user.email })
    const token = (await tokenFrom(user.email, 'password_reset'))!
    const browser = anonymous()
    const res = await browser.post('/api/auth/reset-password', { token, password: 'brand-new-pass' })
    expect(res.status).toBe(200)
    expect((await browser.get('/api/me')).json.user.id).toBe(user.id)
    expect((await other.get('/api/me')).json.user).toBeNull()
    expect((await user.agent.get('/api/me')).json.user).toBeNull()
    const again = await anonymous().post('/api/auth/reset-password', { token, password: 'another-pass' })
    expect(again.status).toBe(400)
    expect(again.json.error.message).toBe('This password reset link is invalid or has expired.')
    expect((await anonymous().post('/api/auth/sign-in', { email: user.email, password: 'brand-new-pass' })).status).toBe(200)
  })

  test('the link expires after one hour', async () => {
    const user = await createUser()
    await anonymous().post('/api/auth/forgot-password', { email: user.email })
    const token = (await tokenFrom(user.email, 'password_reset'))!
    clock.advance(HOUR + MINUTE)
    const res = await anonymous().post('/api/auth/reset-password', { token, password: 'brand-new-pass' })
    expect(res.status).toBe(400)
    clock.reset()
  })

  test('the page checks its link as it opens: a usable one is 200 and stays usable; used, expired or unknown: 400 with the message', async () => {
    const user = await createUser()
    await anonymous().post('/api/auth/forgot-password', { email: user.email })
    const token = (await tokenFrom(user.email, 'password_reset'))!
    const check = (t: string) => anonymous().post('/api/auth/reset-password/check', { token: t })
    expect((await check(token)).json).toEqual({ valid: true })
    expect((await check(token)).status).toBe(200) // checking spends nothing
    clock.advance(HOUR + MINUTE)
    const expired = await check(token)
    expect(expired.status).toBe(400)
    expect(expired.json.error).toMatchObject({ code: 'invalid_token', message: RESET_INVALID_MESSAGE })
    clock.reset()
    expect((await anonymous().post('/api/auth/reset-password', { token, password: 'brand-new-pass' })).status).toBe(200)
    expect((await check(token)).json.error.message).toBe(RESET_INVALID_MESSAGE)
    expect((await check('unknown')).status).toBe(400)
    expect((await anonymous().post('/api/auth/reset-password/check', {})).status).toBe(422)
  })

  test('validates the new password', async () => {
    const res = await anonymous().post('/api/auth/reset-password', { token: 'x', password: 'short' })
    expect(res.status).toBe(422)
    expect(res.json.error.fields.password).toBe('Password must be at least 8 characters')
  })
})

describe('e-mail verification', () => {
  test('sign-up sends a link; opening it verifies the account', async () => {
    const agent = anonymous()
    const email = `verify-${Date.now()}@example.com`
    await agent.post('/api/auth/sign-up', { email, password: 'long-enough', first_name: 'V', last_name: 'E', phone: '5551234567' })
    expect((await agent.get('/api/me')).json.user.email_verified).toBe(false)
    const token = (await tokenFrom(email, 'email_verification'))!
    expect((await anonymous().post('/api/auth/verify-email', { token })).status).toBe(200)
    expect((await agent.get('/api/me')).json.user.email_verified).toBe(true)
    // Opened again after it worked: the address is confirmed, and the answer says so (not an error).
    const again = await anonymous().post('/api/auth/verify-email', { token })
    expect(again.status).toBe(200)
    expect(again.json).toEqual({ verified: true, already_verified: true })
    expect((await anonymous().post('/api/auth/verify-email', { token: 'not-a-token' })).status).toBe(400)
  })

  test('a used link whose account was not confirmed by it (confirmation removed since) stays refused; an expired one too', async () => {
    const user = await createUser({ verified: false })
    await user.agent.post('/api/auth/resend-verification')
    const token = (await tokenFrom(user.email, 'email_verification'))!
    expect((await anonymous().post('/api/auth/verify-email', { token })).json).toEqual({ verified: true, already_verified: false })
    await db.update(users).set({ email_verified_at: null }).where(eq(users.id, user.id))
    const used = await anonymous().post('/api/auth/verify-email', { token })
    expect(used.status).toBe(400)
    expect(used.json.error.message).toBe('This verification link is invalid or has expired.')
  })

  test('resend is available to unverified users and rate limited', async () => {
    const user = await createUser({ verified: false })
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await user.agent.post('/api/auth/resend-verification')).status)
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true)
    expect(statuses[5]).toBe(429)
  })
})

describe('two-factor sign-in', () => {
  async function enrol(agent: TestAgent) {
    const setup = await agent.post('/api/auth/2fa/setup')
    expect(setup.status).toBe(200)
    expect(setup.json.otpauth_uri).toStartWith('otpauth://totp/')
    const key = decodeBase32IgnorePadding(setup.json.secret)
    const bad = await agent.post('/api/auth/2fa/enable', { code: '000000' === totpCode(key) ? '111111' : '000000' })
    expect(bad.status).toBe(422)
    const ok = await agent.post('/api/auth/2fa/enable', { code: totpCode(key) })
    expect(ok.status).toBe(200)
    expect(ok.json.recovery_codes).toHaveLength(10)
    return { key, recovery: ok.json.recovery_codes as string[] }
  }

  test('enrol, then sign-in needs a code; a code from one step away is accepted, further is not', async () => {
    const user = await createUser()
    const { key } = await enrol(user.agent)
    const browser = anonymous()
    const first = await browser.post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD })
    expect(first.json).toEqual({ two_factor_required: true })
    expect((await browser.get('/api/me')).json.user).toBeNull()
    // A phone whose clock is 30 s behind still works; 2 minutes behind does not.
    expect((await browser.post('/api/auth/2fa/verify', { code: totpCode(key, clock.ms() - 2 * MINUTE) })).status).toBe(401)
    const second = await browser.post('/api/auth/2fa/verify', { code: totpCode(key, clock.ms() - 30_000) })
    expect(second.status).toBe(200)
    expect((await browser.get('/api/me')).json.user.id).toBe(user.id)
  })

  test('recovery codes work once', async () => {
    const user = await createUser()
    const { recovery } = await enrol(user.agent)
    const a = anonymous()
    await a.post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD })
    expect((await a.post('/api/auth/2fa/verify', { recovery_code: recovery[0] })).status).toBe(200)
    const b = anonymous()
    await b.post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD })
    expect((await b.post('/api/auth/2fa/verify', { recovery_code: recovery[0] })).status).toBe(401)
    expect((await b.post('/api/auth/2fa/verify', { recovery_code: recovery[1] })).status).toBe(200)
  })

  test('disable needs the password and a code; admins cannot disable', async () => {
    const user = await createUser()
    const { key } = await enrol(user.agent)
    expect((await user.agent.post('/api/auth/2fa/disable', { password: 'wrong-pass', code: totpCode(key) })).status).toBe(401)
    expect((await user.agent.post('/api/auth/2fa/disable', { password: TEST_PASSWORD, code: totpCode(key) })).status).toBe(200)
    const row = (await db.select().from(users).where(eq(users.id, user.id)).get())!
    expect(row.totp_secret).toBeNull()
    const admin = await createUser({ roles: ['admin'] })
    expect((await admin.agent.post('/api/auth/2fa/disable', { password: TEST_PASSWORD, code: totpCode(TEST_TOTP_KEY) })).status).toBe(403)
  })

  test('the TOTP secret is encrypted at rest', async () => {
    const user = await createUser()
    await enrol(user.agent)
    const row = (await db.select().from(users).where(eq(users.id, user.id)).get())!
    expect(row.totp_secret).toStartWith('hw1:')
  })

  test('an admin without two-factor is refused by admin endpoints and told to enrol', async () => {
    const admin = await createUser({ roles: ['admin'] })
    await db.update(users).set({ totp_enabled_at: null, totp_secret: null }).where(eq(users.id, admin.id)).run()
    const browser = anonymous()
    await browser.post('/api/auth/sign-in', { email: admin.email, password: TEST_PASSWORD })
    const me = await browser.get('/api/me')
    expect(me.json.two_factor).toEqual({ enabled: false, required: true })
  })
})

describe('sessions', () => {
  test('lists sessions and signs out the others', async () => {
    const user = await createUser()
    const other = anonymous()
    await other.post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD }, { headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0' } })
    const list = await user.agent.get('/api/auth/sessions')
    expect(list.json.items).toHaveLength(2)
    expect(list.json.items.filter((s: { current: boolean }) => s.current)).toHaveLength(1)
    expect(list.json.items.map((s: { device: string }) => s.device)).toContain('Chrome on Windows')
    await user.agent.post('/api/auth/sessions/revoke-others')
    expect((await other.get('/api/me')).json.user).toBeNull()
    expect((await user.agent.get('/api/me')).json.user.id).toBe(user.id)
  })
})

describe('unverified accounts', () => {
  test('can sign in but cannot submit referrals or unlock until verified', async () => {
    const referrer = await createUser({ verified: false })
    const res = await referrer.agent.post('/api/referrals', { referrer_name: 'X' })
    expect(res.status).toBe(403)
    expect(res.json.error.code).toBe('email_unverified')
    const operator = await createUser({ verified: false, plan: 'premium' })
    const unlock = await operator.agent.post('/api/referrals/00000000-0000-0000-0000-000000000000/unlock')
    expect(unlock.status).toBe(403)
    expect(unlock.json.error.code).toBe('email_unverified')
    expect((await referrer.agent.get('/api/me')).json.user.email_verified).toBe(false)
  })
})

describe('unverified accounts and messages', () => {
  test('cannot send messages until verified', async () => {
    const user = await createUser({ verified: false })
    const res = await user.agent.post('/api/conversations/00000000-0000-0000-0000-000000000000/messages', { message_text: 'Hello' })
    expect(res.status).toBe(403)
    expect(res.json.error.code).toBe('email_unverified')
  })
})
