import { afterAll, beforeAll, describe, expect, spyOn, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose'
import { env } from '../../env'
import { audit_logs, fhir_access_tokens, fhir_client_assertions } from '../../db/schema'
import { CLI_ACTOR } from '../../lib/audit'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { clock } from '../../lib/clock'
import { addClient, listClients, revokeClient, tokenUrl } from './index'
import { sweepExpiredCredentials } from './sweep-credentials'

setupTestDb()

/** A test system: an ES384 and an RS384 key, their public halves as its JWKS (given inline or served). */
type Keys = { es: CryptoKey; rs: CryptoKey; jwks: { keys: Record<string, unknown>[] } }
let keys: Keys
beforeAll(async () => {
  const es = await generateKeyPair('ES384', { extractable: true })
  const rs = await generateKeyPair('RS384', { extractable: true })
  keys = {
    es: es.privateKey,
    rs: rs.privateKey,
    jwks: { keys: [{ ...(await exportJWK(es.publicKey)), kid: 'es-1', alg: 'ES384' }, { ...(await exportJWK(rs.publicKey)), kid: 'rs-1', alg: 'RS384' }] },
  }
})

async function register(scopes?: string, how: { jwks_url?: string } = {}) {
  const referrer = await createUser({ roles: ['referrer'] })
  const client = await addClient(db, CLI_ACTOR, { name: 'Mercy Hospital', account: referrer.email, ...(how.jwks_url ? { jwks_url: how.jwks_url } : { jwks: keys.jwks as never }), scopes })
  return { referrer, clientId: client.client_id }
}

type Claims = { iss?: string; sub?: string; aud?: string; exp?: number; jti?: string; kid?: string; alg?: 'ES384' | 'RS384' | 'HS256' }
async function assertion(clientId: string, over: Claims = {}) {
  const now = Math.floor(Date.now() / 1000)
  const alg = over.alg ?? 'ES384'
  const jwt = new SignJWT({ jti: over.jti ?? crypto.randomUUID() })
    .setProtectedHeader({ alg, kid: over.kid ?? (alg === 'RS384' ? 'rs-1' : 'es-1'), typ: 'JWT' })
    .setIssuer(over.iss ?? clientId)
    .setSubject(over.sub ?? clientId)
    .setAudience(over.aud ?? tokenUrl())
    .setExpirationTime(over.exp ?? now + 240)
  return jwt.sign(alg === 'RS384' ? keys.rs : keys.es)
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const askToken = (signed: string, scope?: string) =>
  anonymous().post(
    '/fhir/r4/auth/token',
    form({ grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: signed, ...(scope ? { scope } : {}) }),
    { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  )

describe('discovery', () => {
  test('/fhir/r4/.well-known/smart-configuration and /.well-known/smart-configuration: client_credentials with private_key_jwt, RS384 and ES384', async () => {
    for (const path of ['/fhir/r4/.well-known/smart-configuration', '/.well-known/smart-configuration']) {
      const res = await anonymous().get(path)
      expect(res.status).toBe(200)
      expect(res.json).toMatchObject({
        token_endpoint: tokenUrl(),
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['private_key_jwt'],
        token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
        capabilities: expect.arrayContaining(['client-confidential-asymmetric']),
      })
      expect(res.json.scopes_supported).toEqual(expect.arrayContaining(['system/Task.rs', 'system/*.cruds', 'system/*.read']))
    }
  })
})

describe('the token endpoint', () => {
  test('a signed assertion (ES384, RS384) gets a five-minute bearer token, not stored in clear; audited; the client is marked used', async () => {
    const { clientId } = await register()
    for (const alg of ['ES384', 'RS384'] as const) {
      const res = await askToken(await assertion(clientId, { alg }))
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(res.json).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 300, scope: 'system/*.cruds' })
      const [row] = await db.select().from(fhir_access_tokens).where(eq(fhir_access_tokens.client_id, clientId)).all()
      expect(row!.token_hash).not.toBe(res.json.access_token)
    }
    expect(await db.select().from(audit_logs).where(and(eq(audit_logs.resource_id, clientId), eq(audit_logs.action, 'fhir_client.token'))).all()).toHaveLength(2)
    expect((await listClients(db)).find((c) => c.client_id === clientId)!.last_used_at).not.toBeNull()
  })

  test('v2 and v1 scopes: asked scopes within the grant are given; beyond it invalid_scope', async () => {
    const { clientId } = await register('system/Task.rs system/Bundle.c')
    expect((await askToken(await assertion(clientId), 'system/Task.rs')).json.scope).toBe('system/Task.rs')
    expect((await askToken(await assertion(clientId), 'system/Task.read')).json.scope).toBe('system/Task.read')
    for (const scope of ['system/Task.cruds', 'system/*.rs', 'system/Patient.rs', 'patient/Task.rs', 'openid']) {
      const res = await askToken(await assertion(clientId), scope)
      expect([scope, res.status, res.json.error]).toEqual([scope, 400, 'invalid_scope'])
    }
    const wide = await register('system/*.read')
    expect((await askToken(await assertion(wide.clientId), 'system/Task.rs system/Patient.r')).json.scope).toBe('system/Task.rs system/Patient.r')
  })

  test('refusals in RFC 6749 JSON: replayed jti, wrong aud, expired, too far ahead, unknown kid, another key, iss ≠ sub, unknown client, wrong grant', async () => {
    const { clientId } = await register()
    const once = await assertion(clientId)
    expect((await askToken(once)).status).toBe(200)
    const cases: [string, Promise<{ status: number; json: any }>, string][] = [
      ['replayed jti', askToken(once), 'invalid_client'],
      ['wrong aud', askToken(await assertion(clientId, { aud: 'https://elsewhere.example/token' })), 'invalid_client'],
      ['expired', askToken(await assertion(clientId, { exp: Math.floor(Date.now() / 1000) - 120 })), 'invalid_client'],
      ['ten minutes ahead', askToken(await assertion(clientId, { exp: Math.floor(Date.now() / 1000) + 600 })), 'invalid_client'],
      ['unknown kid', askToken(await assertion(clientId, { kid: 'nobody' })), 'invalid_client'],
      ['iss ≠ sub', askToken(await assertion(clientId, { sub: 'someone-else' })), 'invalid_client'],
      ['unknown client', askToken(await assertion(crypto.randomUUID())), 'invalid_client'],
      ['not a JWT', askToken('not-a-jwt'), 'invalid_client'],
    ]
    for (const [name, pending, error] of cases) {
      const res = await pending
      expect([name, res.status, res.json.error, typeof res.json.error_description]).toEqual([name, 400, error, 'string'])
    }
    const other = await generateKeyPair('ES384')
    const forged = await new SignJWT({ jti: crypto.randomUUID() }).setProtectedHeader({ alg: 'ES384', kid: 'es-1' }).setIssuer(clientId).setSubject(clientId).setAudience(tokenUrl()).setExpirationTime('4m').sign(other.privateKey)
    expect((await askToken(forged)).json.error).toBe('invalid_client')
    const wrongGrant = await anonymous().post('/fhir/r4/auth/token', form({ grant_type: 'password', client_assertion: once }), { headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect([wrongGrant.status, wrongGrant.json.error]).toEqual([400, 'unsupported_grant_type'])
    const notAForm = await anonymous().post('/fhir/r4/auth/token', { grant_type: 'client_credentials' })
    expect([notAForm.status, notAForm.json.error]).toEqual([400, 'invalid_request'])
  })

  test('the same jti sent 10 times at once is accepted once', async () => {
    const { clientId } = await register()
    const once = await assertion(clientId)
    const answers = await Promise.all(Array.from({ length: 10 }, () => askToken(once)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.json.error === 'invalid_client')).toHaveLength(9)
    expect(await db.select().from(fhir_client_assertions).where(eq(fhir_client_assertions.client_id, clientId)).all()).toHaveLength(1)
  })

  test('a revoked client gets no token, and its tokens are gone at once', async () => {
    const { clientId } = await register()
    expect((await askToken(await assertion(clientId))).status).toBe(200)
    await revokeClient(db, CLI_ACTOR, clientId)
    expect(await db.select().from(fhir_access_tokens).where(eq(fhir_access_tokens.client_id, clientId)).all()).toEqual([])
    const res = await askToken(await assertion(clientId))
    expect([res.status, res.json.error]).toEqual([400, 'invalid_client'])
    await expect(revokeClient(db, CLI_ACTOR, clientId)).rejects.toMatchObject({ status: 409 })
  })

  test('token requests are limited per client (60 a minute): the 61st is 429 with Retry-After', async () => {
    const { clientId } = await register()
    for (let i = 0; i < 60; i++) expect((await askToken(await assertion(clientId))).status).toBe(200)
    const res = await askToken(await assertion(clientId))
    expect([res.status, res.json.error]).toEqual([429, 'invalid_request'])
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another client is not affected.
    const other = await register()
    expect((await askToken(await assertion(other.clientId))).status).toBe(200)
  })
})

describe('clean-up', () => {
  test('expired tokens and used assertion ids are swept; current ones stay (a replay stays refused)', async () => {
    const { clientId } = await register()
    const used = await assertion(clientId)
    expect((await askToken(used)).status).toBe(200)
    const rows = async () => [
      (await db.select().from(fhir_access_tokens).where(eq(fhir_access_tokens.client_id, clientId)).all()).length,
      (await db.select().from(fhir_client_assertions).where(eq(fhir_client_assertions.client_id, clientId)).all()).length,
    ]
    await sweepExpiredCredentials(db)
    expect(await rows()).toEqual([1, 1])
    expect((await askToken(used)).json.error).toBe('invalid_client')
    const later = spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 10 * 60_000))
    try {
      await sweepExpiredCredentials(db)
    } finally {
      later.mockRestore()
    }
    expect(await rows()).toEqual([0, 0])
  })
})

describe('a JWKS URL', () => {
  let server: ReturnType<typeof Bun.serve>
  let fetched = 0
  const allowed = env.SMART_ALLOWED_HOSTS
  beforeAll(() => {
    server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => {
        fetched++
        return Response.json(keys.jwks)
      },
    })
  })
  afterAll(async () => {
    await server.stop(true)
    ;(env as { SMART_ALLOWED_HOSTS: string[] }).SMART_ALLOWED_HOSTS = allowed
  })

  test('is https only, except a host of SMART_ALLOWED_HOSTS; its keys are fetched once and cached', async () => {
    const url = `http://127.0.0.1:${server.port}/jwks.json`
    await expect(register(undefined, { jwks_url: url })).rejects.toThrow(/https/)
    ;(env as { SMART_ALLOWED_HOSTS: string[] }).SMART_ALLOWED_HOSTS = ['127.0.0.1']
    const { clientId } = await register(undefined, { jwks_url: url })
    expect((await askToken(await assertion(clientId))).status).toBe(200)
    expect((await askToken(await assertion(clientId, { alg: 'RS384' }))).status).toBe(200)
    expect(fetched).toBe(1)
  })
})

describe('registration', () => {
  test('acts for a referrer account only; keys as a URL or a JWKS, exactly one, public halves only; scopes checked', async () => {
    const operator = await createUser({ roles: ['operator'] })
    await expect(addClient(db, CLI_ACTOR, { name: 'X', account: operator.email, jwks: keys.jwks as never })).rejects.toMatchObject({ status: 422 })
    const referrer = await createUser({ roles: ['referrer'] })
    await expect(addClient(db, CLI_ACTOR, { name: 'X', account: referrer.email })).rejects.toThrow(/exactly one/)
    await expect(addClient(db, CLI_ACTOR, { name: 'X', account: referrer.email, jwks: { keys: [{ kty: 'EC', kid: 'k', d: 'secret' }] } as never })).rejects.toThrow(/public keys only/)
    await expect(addClient(db, CLI_ACTOR, { name: 'X', account: referrer.email, jwks: keys.jwks as never, scopes: 'patient/*.read' })).rejects.toThrow(/SMART system scopes/)
    await expect(addClient(db, CLI_ACTOR, { name: 'X', account: 'nobody@test.local', jwks: keys.jwks as never })).rejects.toMatchObject({ status: 404 })
  })
})
