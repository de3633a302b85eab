import { beforeAll, describe, expect, test } from 'bun:test'
import { Hono } from 'hono'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose'
import { conflict, invalid } from '../../errors'
import { CLI_ACTOR } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { fhirErrorHandler } from '../../lib/fhir-outcome'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import type { AppEnv } from '../../types'
import { addClient, requireSystem, revokeClient, systemAuth, tokenUrl } from './index'

setupTestDb()

/**
 * The FHIR REST API's door, on a small app of its own around the real middleware and error handler:
 * which token opens it, as whom the request then runs, and the OperationOutcome it answers otherwise.
 */
let key: CryptoKey
let jwks: { keys: Record<string, unknown>[] }
beforeAll(async () => {
  const pair = await generateKeyPair('ES384', { extractable: true })
  key = pair.privateKey
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES384' }] }
})

async function tokenFor(scopes: string, ask?: string) {
  const referrer = await createUser({ roles: ['referrer'] })
  const { client_id } = await addClient(db, CLI_ACTOR, { name: 'Mercy Hospital', account: referrer.email, jwks: jwks as never, scopes })
  const signed = await new SignJWT({ jti: crypto.randomUUID() })
    .setProtectedHeader({ alg: 'ES384', kid: 'k1' })
    .setIssuer(client_id)
    .setSubject(client_id)
    .setAudience(tokenUrl())
    .setExpirationTime(Math.floor(Date.now() / 1000) + 240)
    .sign(key)
  const res = await anonymous().post(
    '/fhir/r4/auth/token',
    new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: signed, ...(ask ? { scope: ask } : {}) }).toString(),
    { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  )
  expect(res.status).toBe(200)
  return { token: res.json.access_token as string, clientId: client_id, referrer }
}

const app = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    c.set('db', db)
    c.set('user', null)
    c.set('locale', 'en')
    await next()
  })
  .get('/Task', systemAuth('Task', 's'), (c) => c.json({ system: requireSystem(c), user: c.var.user }))
  .post('/Task', systemAuth('Task', 'c'), () => {
    throw invalid('The Bundle is not valid', { 'Patient.birthDate': 'Date of birth is required' })
  })
  .delete('/Task', systemAuth('Task', 'd'), () => {
    throw conflict('already_cancelled', 'errors.notFound')
  })
  .onError(fhirErrorHandler)

const call = (method: string, token?: string) => app.request('/Task', { method, headers: token ? { authorization: `Bearer ${token}` } : {} })

describe('the bearer door of the FHIR REST API', () => {
  test('a valid token runs the request as the client’s referrer account, never as an admin', async () => {
    const { token, clientId, referrer } = await tokenFor('system/*.cruds')
    const res = await call('GET', token)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { system: { clientId: string; userId: string }; user: { id: string; is_admin: boolean; role: string } }
    expect(body.system).toMatchObject({ clientId, userId: referrer.id, clientName: 'Mercy Hospital' })
    expect(body.user).toMatchObject({ id: referrer.id, is_admin: false, role: 'referrer' })
  })

  test('no token, a wrong one, an expired one, a revoked client: 401 OperationOutcome with WWW-Authenticate', async () => {
    const { token, clientId } = await tokenFor('system/*.cruds')
    const expired = await tokenFor('system/*.cruds')
    const cases: [string, string | undefined][] = [['none', undefined], ['wrong', 'x'.repeat(43)]]
    for (const [, t] of cases) {
      const res = await call('GET', t)
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"')
      expect(res.headers.get('content-type')).toContain('application/fhir+json')
      expect(await res.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'login' }] })
    }
    const later = clock.now().getTime() + 301_000
    clock.set(new Date(later))
    try {
      expect((await call('GET', expired.token)).status).toBe(401)
    } finally {
      clock.reset()
    }
    expect((await call('GET', token)).status).toBe(200)
    await revokeClient(db, CLI_ACTOR, clientId)
    expect((await call('GET', token)).status).toBe(401)
  })

  test('a scope that does not allow the interaction: 403 insufficient_scope', async () => {
    const { token } = await tokenFor('system/Task.rs')
    expect((await call('GET', token)).status).toBe(200)
    const res = await call('POST', token)
    expect(res.status).toBe(403)
    expect(res.headers.get('www-authenticate')).toContain('error="insufficient_scope"')
    expect(await res.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'forbidden' }] })
  })

  test('an AppError becomes an OperationOutcome: field messages as issues naming the element, keyed messages translated', async () => {
    const { token } = await tokenFor('system/*.cruds')
    const bad = await call('POST', token)
    expect(bad.status).toBe(422)
    expect(await bad.json()).toEqual({
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'processing', diagnostics: 'Date of birth is required', expression: ['Patient.birthDate'] }],
    })
    const gone = await call('DELETE', token)
    expect(gone.status).toBe(409)
    expect(await gone.json()).toMatchObject({ issue: [{ code: 'conflict', diagnostics: 'Not found' }] })
  })
})
