import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { publicUrl } from '../../env'
import type { AppEnv } from '../../types'
import { tokenUrl } from './client-registry'
import { ASSERTION_ALGS, issueToken, OAuthError, type TokenRequest } from './issue-token'
import { SCOPES_SUPPORTED } from './scopes'

/**
 * SMART Backend Services discovery (ADR 038): where a registered system gets a token, and how.
 * Served at /fhir/r4/.well-known/smart-configuration (the FHIR base's) and at the site's root.
 */
export const backendServicesConfiguration = () => ({
  issuer: `${publicUrl()}/fhir/r4`,
  token_endpoint: tokenUrl(),
  grant_types_supported: ['client_credentials'],
  token_endpoint_auth_methods_supported: ['private_key_jwt'],
  token_endpoint_auth_signing_alg_values_supported: ASSERTION_ALGS,
  scopes_supported: SCOPES_SUPPORTED,
  capabilities: ['client-confidential-asymmetric', 'permission-v1', 'permission-v2'],
})

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' }
const configuration = (c: Context<AppEnv>) => c.json(backendServicesConfiguration(), 200, { 'Access-Control-Allow-Origin': '*' })

/** The token endpoint: a form post (RFC 6749 §4.4), answered in OAuth's own JSON, never cached. */
async function token(c: Context<AppEnv>) {
  let form: Record<string, string>
  try {
    const parsed = await c.req.parseBody()
    form = Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'))
  } catch {
    form = {}
  }
  const type = c.req.header('content-type') ?? ''
  try {
    if (!type.startsWith('application/x-www-form-urlencoded')) throw new OAuthError('invalid_request', 'The token request is a form (application/x-www-form-urlencoded)')
    const answer = await issueToken(c.var.db, { id: null, label: 'system', ip: c.get('ip') }, form as TokenRequest)
    return c.json(answer, 200, NO_STORE)
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error
    return c.json({ error: error.error, error_description: error.description }, error.status, { ...NO_STORE, ...(error.retryAfter ? { 'Retry-After': String(error.retryAfter) } : {}) })
  }
}

export const systemsFhirRoutes = new Hono<AppEnv>()
  .get('/.well-known/smart-configuration', configuration)
  .post('/auth/token', bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: 'invalid_request', error_description: 'The token request is too large' }, 400) }), token)

export const systemsRootRoutes = new Hono<AppEnv>().get('/.well-known/smart-configuration', configuration)
