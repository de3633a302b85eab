import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import { fhir_access_tokens, fhir_clients, users } from '../../db/schema'
import { clock } from '../../lib/clock'
import { outcomeResponse } from '../../lib/fhir-outcome'
import type { AppEnv, SystemCaller } from '../../types'
import { getRoles, resolveRole } from '../auth'
import { hashToken } from './issue-token'
import { allows } from './scopes'

type Op = 'c' | 'r' | 'u' | 'd' | 's'

const challenge = (error: 'invalid_token' | 'insufficient_scope', description: string) =>
  `Bearer realm="homeward", error="${error}", error_description="${description}"`

/**
 * The FHIR REST API's door (ADR 038): a bearer token the token endpoint issued, unexpired, of a client
 * not revoked (checked on every request, so a revocation ends its tokens at once), whose scopes allow
 * `op` on `type`. The request then runs as the client's account — `c.var.user` is that referrer, so the
 * same authorization as the browser's decides what it may read — and `c.var.system` names the client
 * (audit, disclosures). Answers 401/403 as OperationOutcome with RFC 6750's WWW-Authenticate.
 */
export function systemAuth(type: string, op: Op): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = await resolveCaller(c)
    if (!caller) {
      return outcomeResponse(c, 401, [{ severity: 'error', code: 'login', diagnostics: 'A valid bearer access token is required (SMART Backend Services)' }], {
        'WWW-Authenticate': challenge('invalid_token', 'The access token is missing, expired or revoked'),
      })
    }
    if (!allows(caller.scopes, type, op)) {
      return outcomeResponse(c, 403, [{ severity: 'error', code: 'forbidden', diagnostics: `The access token's scopes do not allow this on ${type}` }], {
        'WWW-Authenticate': challenge('insufficient_scope', `A scope allowing ${op} on ${type} is needed`),
      })
    }
    await next()
  }
}

/** Reads the bearer token once per request; sets c.var.system and c.var.user, or null. */
async function resolveCaller(c: Context<AppEnv>): Promise<SystemCaller | null> {
  const known = c.get('system')
  if (known) return known
  const header = c.req.header('authorization') ?? ''
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim())
  if (!match) return null
  const db = c.var.db
  const [row] = await db
    .select({ clientId: fhir_clients.id, clientName: fhir_clients.name, scopes: fhir_access_tokens.scopes, userId: users.id, email: users.email, verified: users.email_verified_at, language: users.preferred_language })
    .from(fhir_access_tokens)
    .innerJoin(fhir_clients, eq(fhir_clients.id, fhir_access_tokens.client_id))
    .innerJoin(users, eq(users.id, fhir_clients.user_id))
    .where(and(eq(fhir_access_tokens.token_hash, hashToken(match[1]!)), gt(fhir_access_tokens.expires_at, clock.now()), isNull(fhir_clients.revoked_at), isNull(users.deleted_at)))
  if (!row) return null
  const roles = await getRoles(db, row.userId)
  const caller: SystemCaller = { clientId: row.clientId, clientName: row.clientName, scopes: row.scopes, userId: row.userId }
  c.set('system', caller)
  c.set('user', {
    id: row.userId,
    email: row.email,
    roles,
    role: resolveRole(roles),
    // A system never acts with an admin's powers, whatever its account holds.
    is_admin: false,
    email_verified: !!row.verified,
    preferred_language: row.language,
    session_id: `system:${row.clientId}`,
    two_factor_verified: false,
  })
  return caller
}

/** The calling system (after systemAuth), for use cases: audit labels, disclosures. */
export function requireSystem(c: Context<AppEnv>): SystemCaller {
  const caller = c.get('system')
  if (!caller) throw new Error('systemAuth must run before requireSystem')
  return caller
}
