import { and, eq } from 'drizzle-orm'
import { createRemoteJWKSet, importJWK, jwtVerify, SignJWT } from 'jose'
import type { Executor } from '../../db/client'
import { smart_launches } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { AppError } from '../../errors'
import { clock, MINUTE } from '../../lib/clock'
import { importHealthRecord } from '../fhir'
import { ehrRequest, isObject } from './ehr-http'
import { ASSERTION_ALG, findEhrById, redirectUrl } from './ehr-registry'
import { LaunchError } from './launch-error'
import { readEhrRecord } from './read-ehr-record'
import { discover } from './smart-configuration'
import { randomToken, sha256Hex } from './start-launch'

/** From the callback to the signed-in browser picking the draft up: time to sign in or sign up. */
export const DRAFT_TTL_MS = 30 * MINUTE

type Callback = { state?: string; code?: string; error?: string; browserToken?: string }

/**
 * GET /smart/callback: the launch named by `state`, in the browser that started it, is taken (deleted:
 * one use). The code is exchanged with the PKCE verifier; the token answer must name the patient; an
 * `id_token` is verified against the EHR's keys. The record is read with the token, which is then
 * dropped, and mapped by the file import's own mapping. Only the draft is kept (sealed), under a new
 * key and the same browser, until that browser, signed in, picks it up. Any refusal keeps nothing.
 */
export async function finishLaunch(db: Executor, input: Callback) {
  if (!input.state) throw new LaunchError('bad_request', 'The health record system sent Homeward back without the launch it started.', 'callback without state')
  const browserHash = input.browserToken ? sha256Hex(input.browserToken) : ''
  const [launch] = await transaction(db, (tx) =>
    tx
      .delete(smart_launches)
      .where(and(eq(smart_launches.id, sha256Hex(input.state!)), eq(smart_launches.browser_hash, browserHash)))
      .returning(),
  )
  if (!launch || launch.draft !== null) throw new LaunchError('expired', 'This launch is not known in this browser: it was finished already, or started elsewhere.', 'unknown state or another browser')
  if (launch.expires_at.getTime() < clock.ms()) throw new LaunchError('expired', 'More than 10 minutes passed between opening Homeward and authorizing it.', 'launch expired')
  if (input.error) throw new LaunchError('refused', 'Homeward was not given access to the patient’s record.', `authorization error ${input.error.slice(0, 60)}`)
  if (!input.code) throw new LaunchError('bad_request', 'The health record system sent Homeward back without an authorization code.', 'callback without code')
  const ehr = await findEhrById(db, launch.ehr_id)
  if (!ehr) throw new LaunchError('unknown_ehr', 'This health record system is no longer registered.', 'ehr removed during launch')
  const config = await discover(ehr.iss)

  const token = await exchangeCode(config.token_endpoint, ehr, input.code, launch.code_verifier)
  if (token.id_token) await verifyIdToken(token.id_token, config.jwks_uri, config.issuer ?? ehr.iss, ehr.client_id)
  const bundle = await readEhrRecord(ehr.iss, token.access_token, token.patient)
  let draft: Awaited<ReturnType<typeof importHealthRecord>>
  try {
    draft = await importHealthRecord(JSON.stringify(bundle))
  } catch (error) {
    if (error instanceof AppError) throw new LaunchError('bad_answer', "The patient's record is not valid FHIR R4, so it cannot fill the referral form.", error.message.slice(0, 200))
    throw error
  }
  await transaction(db, (tx) =>
    tx.insert(smart_launches).values({
      id: sha256Hex(randomToken()),
      ehr_id: ehr.id,
      browser_hash: browserHash,
      code_verifier: '',
      framed: launch.framed,
      draft: JSON.stringify(draft),
      expires_at: new Date(clock.ms() + DRAFT_TTL_MS),
    }),
  )
  return { framed: launch.framed }
}

type Ehr = NonNullable<Awaited<ReturnType<typeof findEhrById>>>

/** The token request (SMART App Launch 2.x §Obtain access token), authenticated as the EHR registered Homeward. */
async function exchangeCode(tokenEndpoint: string, ehr: Ehr, code: string, verifier: string) {
  const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUrl(), code_verifier: verifier })
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' }
  if (ehr.client_auth === 'secret') {
    headers.Authorization = `Basic ${btoa(`${encodeURIComponent(ehr.client_id)}:${encodeURIComponent(ehr.client_secret ?? '')}`)}`
  } else if (ehr.client_auth === 'jwks') {
    const jwk = JSON.parse(ehr.private_jwk ?? '{}') as { kid?: string }
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: ASSERTION_ALG, kid: jwk.kid, typ: 'JWT' })
      .setIssuer(ehr.client_id)
      .setSubject(ehr.client_id)
      .setAudience(tokenEndpoint)
      .setJti(randomToken())
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(await importJWK(jwk, ASSERTION_ALG))
    body.set('client_assertion_type', 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
    body.set('client_assertion', assertion)
  } else {
    body.set('client_id', ehr.client_id)
  }
  const { status, json } = await ehrRequest(tokenEndpoint, { method: 'POST', headers, body })
  if (status >= 500 || status === 429) throw new LaunchError('ehr_unreachable', 'The health record system is not available right now.', `token endpoint answered ${status}`)
  if (status === 400 || status === 401) throw new LaunchError('refused', 'The health record system refused to give Homeward access.', `token endpoint: ${isObject(json) ? String(json.error).slice(0, 60) : status}`)
  if (status !== 200 || !isObject(json) || typeof json.access_token !== 'string' || !json.access_token || String(json.token_type).toLowerCase() !== 'bearer') {
    throw new LaunchError('bad_answer', 'The health record system gave no usable access token.', `token endpoint answered ${status}`)
  }
  if (typeof json.patient !== 'string' || !json.patient || json.patient.length > 200) {
    throw new LaunchError('bad_answer', 'The health record system did not say which patient is open. Open Homeward from a patient’s chart.', 'token answer without patient')
  }
  return { access_token: json.access_token, patient: json.patient, id_token: typeof json.id_token === 'string' ? json.id_token : undefined }
}

/** An id_token is verified (signature by the EHR's keys, issuer, audience, expiry) or the launch stops. */
async function verifyIdToken(idToken: string, jwksUri: string | undefined, issuer: string, clientId: string) {
  if (!jwksUri) throw new LaunchError('bad_answer', 'The health record system sent an identity it does not publish keys for.', 'id_token without jwks_uri')
  try {
    await jwtVerify(idToken, createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 5_000 }), { issuer, audience: clientId, clockTolerance: 60 })
  } catch (error) {
    throw new LaunchError('bad_answer', 'The identity the health record system sent could not be verified.', `id_token: ${error instanceof Error ? (error as { code?: string }).code ?? error.name : 'error'}`)
  }
}
