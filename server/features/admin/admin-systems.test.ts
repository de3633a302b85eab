import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { audit_logs } from '../../db/schema'
import { env } from '../../env'
import { createSession, SESSION_COOKIE } from '../auth/session'
import { startReceiver, subscriptionBody, systemWithToken, type Receiver } from '../fhir/subscriptions/test-fixtures'
import { createUser, db, setupTestDb, TestAgent } from '../../test/setup'

setupTestDb()

const allowed = env.SUBSCRIPTION_ALLOWED_HOSTS
let receiver: Receiver
beforeAll(() => {
  ;(env as { SUBSCRIPTION_ALLOWED_HOSTS: string[] }).SUBSCRIPTION_ALLOWED_HOSTS = ['127.0.0.1']
  receiver = startReceiver()
})
afterAll(async () => {
  ;(env as { SUBSCRIPTION_ALLOWED_HOSTS: string[] }).SUBSCRIPTION_ALLOWED_HOSTS = allowed
  await receiver.stop()
})

describe('admin: registered systems', () => {
  test('the list: name, account, scopes, created, last use, revoked; each subscription with its status, endpoint host and errors, never its headers or URL', async () => {
    const admin = await createUser({ roles: ['admin'] })
    const system = await systemWithToken('system/*.cruds')
    const made = await system.post('/fhir/r4/Subscription', subscriptionBody(receiver.url('/secret-path/hook'), 'Task?_id=1', 'id-only', ['Authorization: Bearer receiver-secret-7']))
    expect(made.status).toBe(201)
    receiver.answers.push(500)
    const failing = await system.post('/fhir/r4/Subscription', subscriptionBody(receiver.url(), 'Task?_id=2'))
    expect(failing.json.status).toBe('error')

    const res = await admin.agent.get('/api/admin/systems')
    expect(res.status).toBe(200)
    const mine = res.json.items.find((s: any) => s.client_id === system.clientId)
    expect(mine).toMatchObject({ name: expect.stringContaining('Mercy Hospital'), account: system.referrer.email, scopes: 'system/*.cruds', revoked_at: null, last_used_at: expect.any(String), created_at: expect.any(String) })
    expect(mine.subscriptions).toEqual([
      expect.objectContaining({ id: made.json.id, status: 'active', endpoint_host: `127.0.0.1:${receiver.server.port}`, payload: 'id-only', error_count: 0, last_error: null }),
      expect.objectContaining({ id: failing.json.id, status: 'error', error_count: 1, last_error: 'Handshake: The endpoint answered 500' }),
    ])
    expect(res.text).not.toContain('receiver-secret-7')
    expect(res.text).not.toContain('secret-path')
  })

  test('revoke: the system\'s token stops working at once, audited as the admin; twice is 409, unknown 404', async () => {
    const admin = await createUser({ roles: ['admin'] })
    const system = await systemWithToken()
    expect((await system.post('/fhir/r4/Subscription', subscriptionBody(receiver.url(), 'Task?_id=1'))).status).toBe(201)
    const res = await admin.agent.post(`/api/admin/systems/${system.clientId}/revoke`)
    expect([res.status, res.json]).toEqual([200, { client_id: system.clientId, name: expect.stringContaining('Mercy Hospital') }])
    expect((await system.post('/fhir/r4/Subscription', subscriptionBody(receiver.url(), 'Task?_id=1'))).status).toBe(401)
    const listed = (await admin.agent.get('/api/admin/systems')).json.items.find((s: any) => s.client_id === system.clientId)
    expect(listed.revoked_at).toEqual(expect.any(String))
    const audit = await db.select().from(audit_logs).where(and(eq(audit_logs.resource_id, system.clientId), eq(audit_logs.action, 'fhir_client.revoked')))
    expect(audit.map((a) => a.actor_id)).toEqual([admin.id])
    const again = await admin.agent.post(`/api/admin/systems/${system.clientId}/revoke`)
    expect([again.status, again.json.error.code]).toEqual([409, 'client_revoked'])
    expect((await admin.agent.post(`/api/admin/systems/${crypto.randomUUID()}/revoke`)).status).toBe(404)
  })

  test('an admin session that has not passed two-factor may neither list nor revoke; nor may a referrer', async () => {
    const admin = await createUser({ roles: ['admin'] })
    const system = await systemWithToken()
    const { token } = await createSession(db, { userId: admin.id, isAdmin: true, twoFactorVerified: false })
    const halfway = new TestAgent()
    halfway.cookie = `${SESSION_COOKIE}=${token}`
    // A session halfway through sign-in (password, no code yet) is not signed in.
    expect((await halfway.get('/api/admin/systems')).status).toBe(401)
    expect((await halfway.post(`/api/admin/systems/${system.clientId}/revoke`)).status).toBe(401)
    expect((await system.referrer.agent.post(`/api/admin/systems/${system.clientId}/revoke`)).status).toBe(403)
    const listed = (await admin.agent.get('/api/admin/systems')).json.items.find((s: any) => s.client_id === system.clientId)
    expect(listed.revoked_at).toBeNull()
  })
})
