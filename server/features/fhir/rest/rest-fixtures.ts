import { expect } from 'bun:test'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { CLI_ACTOR } from '../../../lib/audit'
import { anonymous, createUser, db } from '../../../test/setup'
import { addClient, tokenUrl } from '../../systems'
import { REFERRER_ANSWERS } from '../fhir-fixtures'

/** A registered system (SMART Backend Services) acting for a referrer account, with a token, as an integrator's would be. */
export async function systemClient(opts: { account?: Awaited<ReturnType<typeof createUser>>; scopes?: string; name?: string } = {}) {
  const account = opts.account ?? (await createUser({ roles: ['referrer'] }))
  const pair = await generateKeyPair('ES384', { extractable: true })
  const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES384' }] }
  const name = opts.name ?? 'Mercy Hospital'
  const { client_id } = await addClient(db, CLI_ACTOR, { name, account: account.email, jwks: jwks as never, scopes: opts.scopes ?? 'system/*.cruds' })
  const assertion = await new SignJWT({ jti: crypto.randomUUID() })
    .setProtectedHeader({ alg: 'ES384', kid: 'k1' })
    .setIssuer(client_id)
    .setSubject(client_id)
    .setAudience(tokenUrl())
    .setExpirationTime(Math.floor(Date.now() / 1000) + 240)
    .sign(pair.privateKey)
  const res = await anonymous().post(
    '/fhir/r4/auth/token',
    new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: assertion }).toString(),
    { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  )
  expect(res.status).toBe(200)
  const token = res.json.access_token as string
  const agent = anonymous()
  const call = (method: string, path: string, opts: { body?: unknown; headers?: Record<string, string> } = {}) =>
    agent.request(method, path, { body: opts.body, headers: { authorization: `Bearer ${token}`, ...opts.headers } })
  return { account, clientId: client_id, name, token, call, get: (path: string, headers?: Record<string, string>) => call('GET', path, { headers }) }
}

/** A referral submitted in the browser by `agent` (as createReferral writes it): its id. */
export async function submitReferral(agent: Awaited<ReturnType<typeof createUser>>['agent'], extra: Record<string, unknown> = {}) {
  const res = await agent.post('/api/referrals', {
    ...REFERRER_ANSWERS,
    client_first_name: 'Josephine',
    client_last_name: 'Delacroix',
    client_dob: '1948-03-02',
    client_gender: 'female',
    client_medical_conditions: 'Hypertension; Type 2 diabetes',
    preferred_state: 'TX',
    preferred_cities: ['Austin'],
    ...extra,
  })
  expect(res.status).toBe(201)
  return res.json.referral.id as string
}
