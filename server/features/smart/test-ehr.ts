/**
 * A small EHR for the tests (API tests and the browser journeys; ADR 033): an authorization server
 * that checks a SMART App Launch 2.x request as the specification says (response_type, client_id,
 * redirect_uri, `launch` it issued, `aud` = its FHIR base, `state`, PKCE S256 with a 43-character
 * challenge, then `code_verifier` at the token endpoint, the client's authentication), and a FHIR
 * server over one Synthea record of fhir/samples, paging searches with `next` links. It also serves a
 * chart page with the launch link, and the same launch inside an iframe. node:http only, so Bun's
 * tests and Playwright (Node) both start it, on 127.0.0.1 and a free port.
 */
import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose'

type Resource = { resourceType: string; id?: string; [k: string]: unknown }
export type TestEhrOptions = {
  /** Sample file name prefix (fhir/samples); Kermit by default. */
  sample?: string
  /** The client Homeward registers; `secret` makes it a confidential client checked by Basic auth. */
  clientId?: string
  secret?: string
  /** Homeward's jwks URL: makes it a confidential asymmetric client (client_assertion checked). */
  jwksUrl?: string
  /** Homeward's redirect URL (exact match). */
  redirectUri: string
  /** Only v1 scopes (`.read`) in scopes_supported and capabilities. */
  v1Only?: boolean
  /** Entries per search page (small: the client must follow `next`). */
  pageSize?: number
  /** What smart-configuration lists in code_challenge_methods_supported (S256 by default). */
  challengeMethods?: string[]
}

const b64url = (buf: Buffer) => buf.toString('base64url')
const sha256b64url = (text: string) => b64url(createHash('sha256').update(text).digest())

export async function startTestEhr(options: TestEhrOptions) {
  const samples = join(import.meta.dirname, '..', 'fhir', 'samples')
  const file = readdirSync(samples).find((f) => f.startsWith(options.sample ?? 'Kermit_'))!
  const bundle = JSON.parse(readFileSync(join(samples, file), 'utf8')) as { entry: { resource: Resource }[] }
  const resources = bundle.entry.map((e) => e.resource)
  const patient = resources.find((r) => r.resourceType === 'Patient')!
  const patientId = patient.id as string
  const clientId = options.clientId ?? 'homeward-test'
  const pageSize = options.pageSize ?? 4
  const keys = await generateKeyPair('ES256', { extractable: true })
  const publicJwk = { ...(await exportJWK(keys.publicKey)), kid: 'ehr-1', alg: 'ES256', use: 'sig' }

  const launches = new Set<string>()
  const codes = new Map<string, { challenge: string; redirectUri: string; scope: string }>()
  const tokens = new Set<string>()
  /** What the tests switch: refuse consent, answer without `patient`, FHIR failing, `next` links to another origin. */
  const behaviour = { refuse: false, omitPatient: false, fhirDown: false, foreignNext: false }
  /** FHIR requests that came to another host name than the one the EHR announces (a `next` link elsewhere). */
  const foreignRequests: string[] = []
  /** Every authorization request (its query) and why one was refused, for the tests to read. */
  const authorizeRequests: Record<string, string>[] = []
  const refusals: string[] = []
  const tokenRequests: Record<string, string>[] = []

  let origin = ''
  const iss = () => `${origin}/fhir`

  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' })
    res.end(typeof body === 'string' ? body : JSON.stringify(body))
  }
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    return Buffer.concat(chunks).toString('utf8')
  }

  const authorize = (q: URLSearchParams, res: ServerResponse) => {
    const p = Object.fromEntries(q)
    authorizeRequests.push(p)
    const refuse = (why: string) => {
      refusals.push(why)
      send(res, 400, `invalid_request: ${why}`, 'text/plain')
    }
    if (p.client_id !== clientId) return refuse('unknown client_id')
    if (p.redirect_uri !== options.redirectUri) return refuse('redirect_uri is not the registered one')
    if (p.response_type !== 'code') return refuse('response_type must be code')
    if (p.aud !== iss()) return refuse('aud is not this FHIR server')
    if (!p.state || p.state.length < 22) return refuse('state missing or under 128 bits')
    if (p.code_challenge_method !== 'S256') return refuse('PKCE S256 required')
    if (!/^[A-Za-z0-9_-]{43}$/.test(p.code_challenge ?? '')) return refuse('code_challenge is not a base64url SHA-256')
    const scopes = new Set((p.scope ?? '').split(' '))
    const suffix = options.v1Only ? 'read' : 'rs'
    if (!scopes.has(`patient/Patient.${suffix}`)) return refuse(`scope lacks patient/Patient.${suffix}`)
    if (p.launch !== undefined) {
      if (!scopes.has('launch')) return refuse('an EHR launch asks for the launch scope')
      if (!launches.has(p.launch)) return refuse('unknown launch')
      launches.delete(p.launch)
    } else if (!scopes.has('launch/patient')) return refuse('a standalone launch asks for launch/patient')
    const back = new URL(p.redirect_uri)
    back.searchParams.set('state', p.state)
    if (behaviour.refuse) back.searchParams.set('error', 'access_denied')
    else {
      const code = b64url(randomBytes(24))
      codes.set(code, { challenge: p.code_challenge!, redirectUri: p.redirect_uri, scope: p.scope! })
      back.searchParams.set('code', code)
    }
    res.writeHead(302, { Location: back.href })
    res.end()
  }

  const token = async (req: IncomingMessage, res: ServerResponse) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)))
    tokenRequests.push(form)
    const error = (code: string, description: string) => send(res, 400, { error: code, error_description: description })
    if (form.grant_type !== 'authorization_code') return error('unsupported_grant_type', 'authorization_code only')
    const grant = form.code ? codes.get(form.code) : undefined
    if (!grant) return error('invalid_grant', 'unknown or used code')
    codes.delete(form.code!)
    if (form.redirect_uri !== grant.redirectUri) return error('invalid_grant', 'redirect_uri differs')
    if (!form.code_verifier || form.code_verifier.length < 43 || sha256b64url(form.code_verifier) !== grant.challenge) return error('invalid_grant', 'PKCE verification failed')
    if (options.secret) {
      const auth = req.headers.authorization ?? ''
      const [id, secret] = Buffer.from(auth.replace(/^Basic /, ''), 'base64').toString('utf8').split(':').map(decodeURIComponent)
      if (id !== clientId || secret !== options.secret) return send(res, 401, { error: 'invalid_client' })
    } else if (options.jwksUrl) {
      if (form.client_assertion_type !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer' || !form.client_assertion) return send(res, 401, { error: 'invalid_client' })
      try {
        await jwtVerify(form.client_assertion, createRemoteJWKSet(new URL(options.jwksUrl)), { issuer: clientId, subject: clientId, audience: `${origin}/auth/token` })
      } catch {
        return send(res, 401, { error: 'invalid_client' })
      }
    } else if (form.client_id !== clientId) return send(res, 401, { error: 'invalid_client' })
    const accessToken = b64url(randomBytes(24))
    tokens.add(accessToken)
    const answer: Record<string, unknown> = { access_token: accessToken, token_type: 'Bearer', expires_in: 300, scope: grant.scope }
    if (!behaviour.omitPatient) answer.patient = patientId
    if (grant.scope.split(' ').includes('openid')) {
      answer.id_token = await new SignJWT({ fhirUser: `${iss()}/Practitioner/planner-1`, email: 'planner@hospital.example' })
        .setProtectedHeader({ alg: 'ES256', kid: 'ehr-1' })
        .setIssuer(origin)
        .setAudience(clientId)
        .setSubject('planner-1')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(keys.privateKey)
    }
    send(res, 200, answer)
  }

  const fhir = (path: string, q: URLSearchParams, req: IncomingMessage, res: ServerResponse) => {
    const auth = req.headers.authorization ?? ''
    if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7))) return send(res, 401, { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'login' }] })
    if (behaviour.fhirDown) return send(res, 503, { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'transient' }] })
    const [type, id] = path.split('/')
    if (type === 'Patient' && id) return id === patientId ? send(res, 200, patient, 'application/fhir+json') : send(res, 404, { resourceType: 'OperationOutcome' })
    if (id || !type) return send(res, 404, { resourceType: 'OperationOutcome' })
    if (q.get('patient') !== patientId) return send(res, 200, { resourceType: 'Bundle', type: 'searchset', total: 0, entry: [] }, 'application/fhir+json')
    const all = resources.filter((r) => r.resourceType === type)
    const offset = Number(q.get('_offset') ?? 0)
    const count = Math.min(Number(q.get('_count') ?? pageSize), pageSize)
    const page = all.slice(offset, offset + count)
    const link = [{ relation: 'self', url: `${iss()}/${type}?${q}` }]
    if (offset + count < all.length) {
      const next = new URLSearchParams(q)
      next.set('_offset', String(offset + count))
      // foreignNext: the same server under another origin (localhost), as a hostile page would point elsewhere.
      const base = behaviour.foreignNext ? iss().replace('127.0.0.1', 'localhost') : iss()
      link.push({ relation: 'next', url: `${base}/${type}?${next}` })
    }
    send(res, 200, { resourceType: 'Bundle', type: 'searchset', total: all.length, link, entry: page.map((r) => ({ fullUrl: `${iss()}/${type}/${r.id}`, resource: r, search: { mode: 'match' } })) }, 'application/fhir+json')
  }

  /** A new launch context, as the EHR makes one when the planner clicks the app in a chart. */
  const newLaunch = () => {
    const id = b64url(randomBytes(12))
    launches.add(id)
    return id
  }
  const launchUrl = (homeward: string, launch = newLaunch()) => `${homeward}/smart/launch?iss=${encodeURIComponent(iss())}&launch=${encodeURIComponent(launch)}`

  const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`
  const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', origin)
      const path = url.pathname
      if (path === '/fhir/.well-known/smart-configuration') {
        const suffix = options.v1Only ? 'read' : 'rs'
        return send(res, 200, {
          issuer: origin,
          jwks_uri: `${origin}/jwks`,
          authorization_endpoint: `${origin}/auth/authorize`,
          token_endpoint: `${origin}/auth/token`,
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'private_key_jwt'],
          grant_types_supported: ['authorization_code'],
          scopes_supported: ['openid', 'fhirUser', 'launch', 'launch/patient', ...['Patient', 'Condition', 'MedicationRequest', 'AllergyIntolerance', 'Coverage', 'RelatedPerson', 'DocumentReference'].map((t) => `patient/${t}.${suffix}`)],
          response_types_supported: ['code'],
          code_challenge_methods_supported: options.challengeMethods ?? ['S256'],
          capabilities: ['launch-ehr', 'launch-standalone', 'client-public', 'client-confidential-symmetric', 'client-confidential-asymmetric', 'context-ehr-patient', 'sso-openid-connect', options.v1Only ? 'permission-v1' : 'permission-v2'],
        })
      }
      if (path === '/jwks') return send(res, 200, { keys: [publicJwk] })
      if (path === '/auth/authorize' && req.method === 'GET') return authorize(url.searchParams, res)
      if (path === '/auth/token' && req.method === 'POST') return await token(req, res)
      if (path.startsWith('/fhir/') && !req.headers.host?.startsWith('127.0.0.1')) foreignRequests.push(path)
      if (path.startsWith('/fhir/')) return fhir(path.slice('/fhir/'.length), url.searchParams, req, res)
      // The chart: the app link, as the EHR shows it (the test passes Homeward's address).
      const homeward = url.searchParams.get('homeward') ?? ''
      if (path === '/ehr/chart') return send(res, 200, page('Chart', `<a id="launch" href="${attr(launchUrl(homeward))}">Refer to a group home</a>`), 'text/html')
      if (path === '/ehr/embedded') return send(res, 200, page('Chart with Homeward embedded', `<iframe id="app" title="Homeward" style="width:100%;height:1200px" src="${attr(launchUrl(homeward))}"></iframe>`), 'text/html')
      // Any page in a frame (to show what refuses to be framed).
      if (path === '/ehr/frame') return send(res, 200, page('Framed page', `<iframe id="app" title="Framed" style="width:100%;height:600px" src="${attr(url.searchParams.get('src') ?? '')}"></iframe>`), 'text/html')
      send(res, 404, { error: 'not found' })
    } catch (error) {
      send(res, 500, { error: String(error) })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    get iss() {
      return iss()
    },
    clientId,
    patientId,
    patient,
    behaviour,
    authorizeRequests,
    refusals,
    tokenRequests,
    foreignRequests,
    newLaunch,
    launchUrl,
    /** How many access tokens are live (the tests read that the record was read with one). */
    tokenCount: () => tokens.size,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type TestEhr = Awaited<ReturnType<typeof startTestEhr>>
