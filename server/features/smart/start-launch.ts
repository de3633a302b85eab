import { lt } from 'drizzle-orm'
import { encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import { sha256 } from '@oslojs/crypto/sha2'
import type { Executor } from '../../db/client'
import { smart_launches } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { clock, MINUTE } from '../../lib/clock'
import { findEhr, redirectUrl } from './ehr-registry'
import { LaunchError } from './launch-error'
import { discover, scopesFor } from './smart-configuration'
import { issField } from './smart.schemas'

/** From /smart/launch to /smart/callback: the EHR's sign-in and consent fit well inside. */
export const LAUNCH_TTL_MS = 10 * MINUTE

export const randomToken = () => encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)))
export const sha256Hex = (text: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(text)))
const s256 = (verifier: string) => encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier)))

/**
 * GET /smart/launch (SMART App Launch 2.x): an EHR launch (`iss` and `launch`) or a standalone
 * launch (`iss` only). The `iss` must be registered; its smart-configuration says where to send the
 * person. The launch is kept under the SHA-256 of its `state` (256 random bits) with the PKCE
 * verifier (sealed) and the SHA-256 of a random browser token, which the caller sets as a cookie:
 * the callback only goes on in the browser that started it. Answers the authorization URL.
 */
export async function startLaunch(db: Executor, input: { iss?: string; launch?: string; framed: boolean }) {
  const iss = issField.safeParse(input.iss ?? '')
  if (!iss.success) throw new LaunchError('bad_request', 'The link does not say which health record system opened Homeward.', 'iss missing or not a URL')
  if (input.launch !== undefined && (!input.launch || input.launch.length > 2000)) throw new LaunchError('bad_request', 'The link carries no usable launch context.', 'launch empty or too long')
  const ehr = await findEhr(db, iss.data)
  if (!ehr) throw new LaunchError('unknown_ehr', `No health record system is registered at ${iss.data}.`, 'unregistered iss')
  const config = await discover(ehr.iss)
  // PKCE S256 or nothing: a server that lists its methods without S256 would be asked for a weaker one (or none).
  if (config.code_challenge_methods_supported && !config.code_challenge_methods_supported.includes('S256')) {
    throw new LaunchError('bad_answer', 'The health record system does not support PKCE with S256, which Homeward requires.', 'code_challenge_methods_supported lacks S256')
  }

  const state = randomToken()
  const verifier = randomToken()
  const browserToken = randomToken()
  const now = clock.ms()
  await transaction(db, async (tx) => {
    // Launches nobody finished are dropped as new ones start (minutes old; no job needed).
    await tx.delete(smart_launches).where(lt(smart_launches.expires_at, new Date(now)))
    await tx.insert(smart_launches).values({
      id: sha256Hex(state),
      ehr_id: ehr.id,
      browser_hash: sha256Hex(browserToken),
      code_verifier: verifier,
      framed: input.framed,
      expires_at: new Date(now + LAUNCH_TTL_MS),
    })
  })
  const url = new URL(config.authorization_endpoint)
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: ehr.client_id,
    redirect_uri: redirectUrl(),
    scope: scopesFor(config, input.launch !== undefined),
    state,
    aud: ehr.iss,
    code_challenge: s256(verifier),
    code_challenge_method: 'S256',
  }
  if (input.launch !== undefined) params.launch = input.launch
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  return { authorizeUrl: url.href, browserToken }
}
