import { expect } from 'bun:test'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose'
import { CLI_ACTOR } from '../../../lib/audit'
import { anonymous, createUser, db } from '../../../test/setup'
import { addClient, tokenUrl } from '../../systems'
import { EXT, taskTopicUrl } from './topic'

/** A rest-hook receiver on 127.0.0.1: records every request; answers what `answers` says (200 by default). */
export function startReceiver() {
  const received: { headers: Headers; body: any; path: string }[] = []
  const answers: (number | Response)[] = []
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      received.push({ headers: req.headers, body: await req.json().catch(() => null), path: new URL(req.url).pathname })
      const next = answers.shift() ?? 200
      return typeof next === 'number' ? new Response('ok', { status: next }) : next
    },
  })
  return { server, received, answers, url: (p = '/hook') => `http://127.0.0.1:${server.port}${p}`, stop: () => server.stop(true) }
}
export type Receiver = ReturnType<typeof startReceiver>

let key: CryptoKey | null = null
let jwks: { keys: Record<string, unknown>[] } | null = null

/** A registered system for a new referrer account, and a bearer token for it. */
export async function systemWithToken(scopes = 'system/*.cruds') {
  if (!key) {
    const pair = await generateKeyPair('ES384', { extractable: true })
    key = pair.privateKey
    jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES384' }] }
  }
  const referrer = await createUser({ roles: ['referrer'] })
  const { client_id } = await addClient(db, CLI_ACTOR, { name: `Mercy Hospital ${crypto.randomUUID().slice(0, 4)}`, account: referrer.email, jwks: jwks as never, scopes })
  const token = await tokenFor(client_id)
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' }
  const agent = anonymous()
  return {
    referrer,
    clientId: client_id,
    token,
    get: (path: string) => agent.get(path, { headers: auth }),
    post: (path: string, body: unknown) => agent.post(path, body, { headers: auth }),
    delete: (path: string) => agent.delete(path, undefined, { headers: auth }),
  }
}
export type TestSystem = Awaited<ReturnType<typeof systemWithToken>>

export async function tokenFor(clientId: string) {
  const signed = await new SignJWT({ jti: crypto.randomUUID() })
    .setProtectedHeader({ alg: 'ES384', kid: 'k1' })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(tokenUrl())
    .setExpirationTime(Math.floor(Date.now() / 1000) + 240)
    .sign(key!)
  const res = await anonymous().post(
    '/fhir/r4/auth/token',
    new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: signed }).toString(),
    { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  )
  expect(res.status).toBe(200)
  return res.json.access_token as string
}

/** A Backport Subscription body, as a client would POST it. */
export function subscriptionBody(endpoint: string, filter: string, content: 'id-only' | 'full-resource' = 'id-only', header?: string[]) {
  return {
    resourceType: 'Subscription',
    status: 'requested',
    reason: 'Follow our referrals',
    criteria: taskTopicUrl(),
    _criteria: { extension: [{ url: EXT.filterCriteria, valueString: filter }] },
    channel: {
      type: 'rest-hook',
      endpoint,
      payload: 'application/fhir+json',
      _payload: { extension: [{ url: EXT.payloadContent, valueCode: content }] },
      ...(header ? { header } : {}),
    },
  }
}

/** The SubscriptionStatus parameter `name` of a notification Bundle (its first entry). */
export function statusParam(bundle: any, name: string) {
  return bundle.entry[0].resource.parameter.find((p: { name: string }) => p.name === name)
}
