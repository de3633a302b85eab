import { describe, expect, test } from 'bun:test'
import { TEST_PASSWORD, anonymous, createUser, setupTestDb } from '../../test/setup'

setupTestDb()

/** What a browser without JavaScript sends from the <noscript> form on /auth. */
const formPost = (agent: ReturnType<typeof anonymous>, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  agent.request('POST', '/api/auth/sign-in/form', {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost', host: 'localhost', ...headers },
  })

describe('signing in without JavaScript (a form POST)', () => {
  test('the right password sets the session cookie and goes on to `next`; /api/me then knows her', async () => {
    const user = await createUser()
    const agent = anonymous()
    const res = await formPost(agent, { email: user.email, password: TEST_PASSWORD, next: '/browse?state=TX' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/browse?state=TX')
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i)
    expect((await agent.get('/api/me')).json.user.email).toBe(user.email)
  })

  test('a wrong password goes back to /auth with the reason and no session; `next` is only ever a path on this site', async () => {
    const user = await createUser()
    const agent = anonymous()
    const wrong = await formPost(agent, { email: user.email, password: 'not-the-password' })
    expect(wrong.status).toBe(303)
    expect(wrong.headers.get('location')).toBe('/auth?signin=failed')
    expect((await agent.get('/api/me')).json.user).toBeNull()
    const empty = await formPost(agent, {})
    expect(empty.headers.get('location')).toBe('/auth?signin=failed')
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)']) {
      const away = await formPost(anonymous(), { email: user.email, password: TEST_PASSWORD, next })
      expect(away.headers.get('location')).toBe('/')
    }
  })

  test('a cross-site form is refused (CSRF), like every write of the API, and signs nobody in', async () => {
    const user = await createUser()
    const agent = anonymous()
    const res = await formPost(agent, { email: user.email, password: TEST_PASSWORD }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })
    expect(res.status).toBe(403)
    expect(res.json.error.code).toBe('csrf')
    expect(agent.cookie).toBeNull()
  })

  test('an account with two-step verification (every admin) is sent to the app for its code', async () => {
    const user = await createUser({ roles: ['admin'] })
    const res = await formPost(anonymous(), { email: user.email, password: TEST_PASSWORD })
    expect(res.headers.get('location')).toBe('/auth?signin=two-factor')
  })
})
