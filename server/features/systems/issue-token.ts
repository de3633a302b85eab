import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose'
import type { Executor } from '../../db/client'
import { isUniqueViolation } from '../../db/dialect'
import { fhir_access_tokens, fhir_client_assertions, fhir_clients } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { AppError } from '../../errors'
import { clock } from '../../lib/clock'
import { type Actor, writeAudit } from '../../lib/audit'
import { limiter } from '../../lib/rate-limit'
import { tokenUrl } from './client-registry'
import { grantScopes } from './scopes'

/** SMART Backend Services (ADR 038): the assertion's and the token's lifetimes, the key set's fetch. */
export const TOKEN_RULES = { assertionMaxSeconds: 300, tokenSeconds: 300, clockSkewSeconds: 30, jwksTimeoutMs: 5000, jwksCacheMs: 10 * 60_000 } as const
export const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'
export const ASSERTION_ALGS = ['RS384', 'ES384']

/** An RFC 6749 §5.2 error: the token endpoint answers `{error, error_description}`, never the API's shape. */
export class OAuthError extends Error {
  constructor(
    public error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'invalid_scope' | 'unsupported_grant_type',
    public description: string,
    public status: 400 | 401 | 429 = 400,
    public retryAfter?: number,
  ) {
    super(description)
  }
}

/** 60 token requests a minute per client: a system asks for one every five minutes, a loop asks for many. */
const perClient = limiter('fhir-token-client', 60, 60_000)

/** Remote key sets, one per URL, kept by jose (cached, refetched on an unknown kid, at most every 30 s). */
const remoteSets = new Map<string, JWTVerifyGetKey>()
function keySet(client: typeof fhir_clients.$inferSelect): JWTVerifyGetKey {
  if (client.jwks) return createLocalJWKSet(client.jwks as never)
  const url = client.jwks_url!
  let set = remoteSets.get(url)
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: TOKEN_RULES.jwksTimeoutMs, cacheMaxAge: TOKEN_RULES.jwksCacheMs, cooldownDuration: 30_000 })
    remoteSets.set(url, set)
  }
  return set
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export type TokenRequest = { grant_type?: string; scope?: string; client_assertion_type?: string; client_assertion?: string }

/**
 * POST /fhir/r4/auth/token: `client_credentials` with a `private_key_jwt` assertion, checked as
 * SMART Backend Services says — iss = sub = a registered, unrevoked client id; aud = this endpoint;
 * exp at most five minutes ahead; a kid of the client's key set; RS384 or ES384; a jti never used
 * (the unique key of fhir_client_assertions refuses a replay on every instance). The token is
 * random, kept as its SHA-256, five minutes long. Audited.
 */
export async function issueToken(db: Executor, actor: Actor, body: TokenRequest) {
  if (body.grant_type !== 'client_credentials') throw new OAuthError('unsupported_grant_type', 'grant_type must be client_credentials')
  if (body.client_assertion_type !== ASSERTION_TYPE || !body.client_assertion) throw new OAuthError('invalid_request', `client_assertion_type must be ${ASSERTION_TYPE}, with a client_assertion`)
  let claims: ReturnType<typeof decodeJwt>
  try {
    claims = decodeJwt(body.client_assertion)
  } catch {
    throw new OAuthError('invalid_client', 'The client assertion is not a JWT')
  }
  const clientId = typeof claims.iss === 'string' ? claims.iss : ''
  if (!clientId || claims.sub !== clientId) throw new OAuthError('invalid_client', 'iss and sub must both be the client id')
  const [client] = await db.select().from(fhir_clients).where(eq(fhir_clients.id, clientId))
  if (!client || client.revoked_at) throw new OAuthError('invalid_client', 'Unknown or revoked client')

  try {
    await perClient.consume(db, client.id)
  } catch (error) {
    if (error instanceof AppError && error.status === 429) throw new OAuthError('invalid_request', 'Too many token requests for this client', 429, Number(error.headers?.['Retry-After'] ?? 60))
    throw error
  }

  let payload: Awaited<ReturnType<typeof jwtVerify>>['payload']
  try {
    ;({ payload } = await jwtVerify(body.client_assertion, keySet(client), {
      issuer: client.id,
      subject: client.id,
      audience: tokenUrl(),
      algorithms: ASSERTION_ALGS,
      requiredClaims: ['exp', 'jti'],
      clockTolerance: TOKEN_RULES.clockSkewSeconds,
      currentDate: clock.now(),
    }))
  } catch (error) {
    throw new OAuthError('invalid_client', assertionProblem(error))
  }
  const now = clock.now().getTime()
  if (payload.exp! * 1000 > now + (TOKEN_RULES.assertionMaxSeconds + TOKEN_RULES.clockSkewSeconds) * 1000) throw new OAuthError('invalid_client', 'The assertion expires more than five minutes ahead')
  const scopes = grantScopes(client.scopes, body.scope)
  if (scopes === null) throw new OAuthError('invalid_scope', `The scopes asked for are not granted to this client (granted: ${client.scopes})`)

  const token = randomBytes(32).toString('base64url')
  try {
    await transaction(db, async (tx) => {
      await tx.insert(fhir_client_assertions).values({ client_id: client.id, jti: String(payload.jti), expires_at: new Date(payload.exp! * 1000 + TOKEN_RULES.clockSkewSeconds * 1000) })
      await tx.insert(fhir_access_tokens).values({ token_hash: hashToken(token), client_id: client.id, scopes, expires_at: new Date(now + TOKEN_RULES.tokenSeconds * 1000) })
      await tx.update(fhir_clients).set({ last_used_at: new Date(now) }).where(eq(fhir_clients.id, client.id))
      await writeAudit(tx, { ...actor, label: `system:${client.name}` }, { action: 'fhir_client.token', resource_type: 'fhir_client', resource_id: client.id, details: { scopes } })
    })
  } catch (error) {
    if (isUniqueViolation(error, fhir_client_assertions, 'fhir_client_assertions_jti_idx')) throw new OAuthError('invalid_client', 'This assertion (jti) was used before')
    throw error
  }
  return { access_token: token, token_type: 'bearer' as const, expires_in: TOKEN_RULES.tokenSeconds, scope: scopes }
}

/** Why an assertion was refused, in words for the client (never the key or the token). */
function assertionProblem(error: unknown) {
  if (error instanceof joseErrors.JWTExpired) return 'The assertion has expired'
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `The assertion's ${error.claim} is not valid${error.claim === 'aud' ? ` (it must be ${tokenUrl()})` : ''}`
  if (error instanceof joseErrors.JWKSNoMatchingKey) return "No key of the client's key set matches the assertion's kid"
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'The assertion signature does not verify'
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'The assertion must be signed with RS384 or ES384'
  if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JOSEError) return `The client's key set could not be used (${error.code})`
  return 'The assertion could not be verified'
}
