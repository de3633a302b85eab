import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import { and, eq, lt, lte, ne, or } from 'drizzle-orm'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Executor, Tx } from '../../db/client'
import { sessions, users } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
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

export async function createSession(
  tx: Tx,
  opts: { userId: string; isAdmin: boolean; userAgent?: string | null; ip?: string | null; twoFactorVerified?: boolean },
) {
  const token = generateSessionToken()
  const policy = opts.isAdmin ? SESSION_POLICY.admin : SESSION_POLICY.user
  const now = clock.ms()
  const [session] = await tx
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
  return { token, session: session! }
}

/**
 * Resolves a cookie token to its session and user, deleting it when expired
 * and sliding the idle expiry forward (written at most once a minute). Most
 * requests only read; the rare write opens its own unit of work, whose
 * statement carries the condition it was decided on.
 */
export async function validateSessionToken(db: Executor, token: string, isAdmin: (db: Executor, userId: string) => Promise<boolean>) {
  const id = hashToken(token)
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(eq(sessions.id, id))
    .limit(1)
  if (!row || row.user.deleted_at) return null
  const now = clock.ms()
  const { session } = row
  if (now >= session.expires_at.getTime() || now >= session.max_expires_at.getTime()) {
    const at = new Date(now)
    await transaction(db, (tx) =>
      tx.delete(sessions).where(and(eq(sessions.id, id), or(lte(sessions.expires_at, at), lte(sessions.max_expires_at, at)))),
    )
    return null
  }
  if (now - session.last_seen_at.getTime() > MINUTE) {
    const expires = await transaction(db, async (tx) => {
      const policy = (await isAdmin(tx, session.user_id)) ? SESSION_POLICY.admin : SESSION_POLICY.user
      const expires = new Date(Math.min(now + policy.idleMs, session.max_expires_at.getTime()))
      await tx
        .update(sessions)
        .set({ last_seen_at: new Date(now), expires_at: expires })
        // Once a minute: another request of this session may have slid it already.
        .where(and(eq(sessions.id, id), lt(sessions.last_seen_at, new Date(now - MINUTE))))
      return expires
    })
    session.last_seen_at = new Date(now)
    session.expires_at = expires
  }
  return row
}

export async function invalidateSession(db: Executor, sessionId: string) {
  await transaction(db, (tx) => tx.delete(sessions).where(eq(sessions.id, sessionId)))
}

/** Signs a user out everywhere (optionally keeping one session). */
export async function invalidateUserSessions(tx: Tx, userId: string, exceptSessionId?: string) {
  await tx.delete(sessions).where(and(eq(sessions.user_id, userId), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined))
}

export async function deleteExpiredSessions(db: Executor) {
  const now = clock.now()
  await transaction(db, (tx) => tx.delete(sessions).where(or(lt(sessions.expires_at, now), lt(sessions.max_expires_at, now))))
}

const isHttps = (c: Context) =>
  new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https'

/**
 * Set by a SMART launch opened in an EHR's frame (smart area, ADR 033). There Homeward is a third
 * party, and a browser sends (and accepts) only `SameSite=None; Secure` cookies, `Partitioned` where it
 * blocks third-party cookies; so the session signed in during that launch (always a new one: sign-in
 * makes a new session) is such a cookie, kept for that EHR's pages only. Every other session stays Lax. The marker changes nothing but this attribute of the browser's own new cookie;
 * state-changing requests are still refused from another origin (app.ts).
 */
export const LAUNCH_FRAME_COOKIE = 'hw_smart_frame'
const inLaunchFrame = (c: Context) => getCookie(c, LAUNCH_FRAME_COOKIE) === '1'

export function setSessionCookie(c: Context, token: string, expiresAt: Date) {
  const framed = inLaunchFrame(c)
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: framed ? 'None' : 'Lax',
    secure: framed || isHttps(c),
    partitioned: framed || undefined,
    path: '/',
    expires: expiresAt,
  })
}

export function clearSessionCookie(c: Context) {
  if (inLaunchFrame(c)) deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true, sameSite: 'None', partitioned: true })
  else deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isHttps(c) })
}

export const readSessionCookie = (c: Context) => getCookie(c, SESSION_COOKIE)
