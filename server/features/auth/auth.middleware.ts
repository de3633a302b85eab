import type { Context, MiddlewareHandler } from 'hono'
import { getConnInfo } from 'hono/bun'
import { env } from '../../env'
import { forbidden, unauthorized } from '../../errors'
import type { Actor } from '../../lib/audit'
import type { AppEnv, CurrentUser } from '../../types'
import { actsAsOperator, getRoles, isAdmin, resolveRole } from './roles'
import { clearSessionCookie, readSessionCookie, validateSessionToken } from './session'

/** The client IP as the server sees it; X-Forwarded-For only behind a trusted proxy. */
export function clientIp(c: Context): string | null {
  if (env.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? null
  } catch {
    return null // app.request() in tests without a server
  }
}

/** Resolves the session cookie into c.var.user for every request (on the database app.ts set in c.var.db). */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('ip', clientIp(c))
  c.set('user', null)
  c.set('pendingTwoFactor', null)
  const token = readSessionCookie(c)
  if (token) {
    const db = c.var.db
    const row = await validateSessionToken(db, token, isAdmin)
    if (!row) {
      clearSessionCookie(c)
    } else if (row.user.totp_enabled_at && !row.session.two_factor_verified) {
      // Password accepted, code not yet: the session only unlocks the second step.
      c.set('pendingTwoFactor', { userId: row.user.id, sessionId: row.session.id })
    } else {
      const roles = await getRoles(db, row.user.id)
      c.set('user', {
        id: row.user.id,
        email: row.user.email,
        roles,
        role: resolveRole(roles),
        is_admin: roles.includes('admin'),
        email_verified: !!row.user.email_verified_at,
        preferred_language: row.user.preferred_language,
        session_id: row.session.id,
        two_factor_verified: row.session.two_factor_verified,
      })
    }
  }
  await next()
}

/** The signed-in user, or 401. */
export function requireUser(c: Context<AppEnv>): CurrentUser {
  const user = c.get('user')
  if (!user) throw unauthorized()
  return user
}

export const ADMIN_TWO_FACTOR_MESSAGE =
  'auth.adminTwoFactor'

/** Admins only, and only from a session that passed two-factor sign-in. */
export function requireAdmin(c: Context<AppEnv>): CurrentUser {
  const user = requireUser(c)
  if (!user.is_admin) throw forbidden('auth.adminsOnly')
  if (!user.two_factor_verified) throw forbidden(ADMIN_TWO_FACTOR_MESSAGE, 'two_factor_enrolment_required')
  return user
}

export function requireOperator(c: Context<AppEnv>): CurrentUser {
  const user = requireUser(c)
  if (!actsAsOperator(user.roles)) throw forbidden('auth.operatorsOnly')
  return user
}

/** Route-group guards. */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c)
  await next()
}
export const adminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireAdmin(c)
  await next()
}

/** The audit actor for the current request. */
export function actorOf(c: Context<AppEnv>): Actor {
  const user = c.get('user')
  return { id: user?.id ?? null, label: user?.email ?? 'anonymous', ip: c.get('ip') }
}

