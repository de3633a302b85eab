import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import { and, eq, lt, ne, or } from 'drizzle-orm'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { db, type Executor } from '../../db/client'
import { sessions, users } from '../../db/schema'
import { clock, DAY, HOUR, MINUTE } from '../../lib/clock'

/**
 * Sessions after the Lucia guide: the cookie holds a random token, the
 * database only its SHA-256, so a leaked database cannot be replayed.
 * Expiry is sliding (idle timeout) under an absolute cap; admins get a
 * shorter leash.
 */
export const SESSION_COOKIE = 'hw_session'

export const SESSION_POLICY = {
  user: { maxAgeMs: 30 * DAY, idleMs: 14 * DAY },
  admin: { maxAgeMs: 12 * HOUR, idleMs: 2 * HOUR },
}

export function generateSessionToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(20))
  return encodeBase32LowerCaseNoPadding(bytes)
}

export const hashToken = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)))

export type Session = typeof sessions.$inferSelect

export function createSession(
  tx: Executor,
  opts: { userId: string; isAdmin: boolean; userAgent?: string | null; ip?: string | null; twoFactorVerified?: boolean },
) {
  const token = generateSessionToken()
  const policy = opts.isAdmin ? SESSION_POLICY.admin : SESSION_POLICY.user
  const now = clock.ms()
  const session = tx
    .insert(sessions)
    .values({
      id: hashToken(token),
      user_id: opts.userId,
      expires_at: new Date(now + Math.min(policy.idleMs, policy.maxAgeMs)),
      max_expires_at: new Date(now + policy.maxAgeMs),
      two_factor_verified: opts.twoFactorVerified ?? false,
      user_agent: opts.userAgent?.slice(0, 300) ?? null,
      ip_address: opts.ip ?? null,
    })
    .returning()
    .get()
  return { token, session }
}

/**
 * Resolves a cookie token to its session and user, deleting it when expired
 * and sliding the idle expiry forward (written at most once a minute).
 */
export function validateSessionToken(token: string, isAdmin: (userId: string) => boolean) {
  const id = hashToken(token)
  const row = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(eq(sessions.id, id))
    .get()
  if (!row || row.user.deleted_at) return null
  const now = clock.ms()
  const { session } = row
  if (now >= session.expires_at.getTime() || now >= session.max_expires_at.getTime()) {
    db.delete(sessions).where(eq(sessions.id, id)).run()
    return null
  }
  if (now - session.last_seen_at.getTime() > MINUTE) {
    const policy = isAdmin(session.user_id) ? SESSION_POLICY.admin : SESSION_POLICY.user
    const expires = new Date(Math.min(now + policy.idleMs, session.max_expires_at.getTime()))
    db.update(sessions).set({ last_seen_at: new Date(now), expires_at: expires }).where(eq(sessions.id, id)).run()
    session.last_seen_at = new Date(now)
    session.expires_at = expires
  }
  return row
}

export function invalidateSession(sessionId: string) {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run()
}

/** Signs a user out everywhere (optionally keeping one session). */
export function invalidateUserSessions(tx: Executor, userId: string, exceptSessionId?: string) {
  tx.delete(sessions)
    .where(and(eq(sessions.user_id, userId), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined))
    .run()
}

export function deleteExpiredSessions() {
  const now = clock.now()
  db.delete(sessions).where(or(lt(sessions.expires_at, now), lt(sessions.max_expires_at, now))).run()
}

const isHttps = (c: Context) =>
  new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https'

export function setSessionCookie(c: Context, token: string, expiresAt: Date) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/',
    expires: expiresAt,
  })
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isHttps(c) })
}

export const readSessionCookie = (c: Context) => getCookie(c, SESSION_COOKIE)
