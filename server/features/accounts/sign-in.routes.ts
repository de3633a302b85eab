import { type Context, Hono } from 'hono'
import { safeReturnPath } from '../../lib/return-path'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse, okSchema } from '../../lib/openapi'
import { AppError } from '../../errors'
import { respond } from '../../lib/respond'
import { meSchema, signedInSchema, meOrSignedOutSchema } from './me.responses'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { getMe, meFor } from './get-me'
import { signInSchema, signUpSchema, signIn, signUp, clearSessionCookie, invalidateSession, setSessionCookie } from '../auth'

const meta = (c: Context<AppEnv>) => ({
  ip: c.get('ip'),
  // Someone who signs up while reading Spanish gets a Spanish account (her first e-mails too).
  locale: c.get('locale'),
  userAgent: c.req.header('user-agent') ?? null,
})

/** Sign-up, sign-in, sign-out and GET /me (the `me` answer is the account's view: accounts/get-me.ts). */
export const signInRoutes = new Hono<AppEnv>()
  .post(
    '/auth/sign-up',
    describeRoute({ tags: ['auth'], summary: 'Create an account and sign in', responses: { ...jsonResponse(meSchema, 201), ...errors(400, 403, 409, 413, 422, 429, 503) } }),
    validate('json', signUpSchema),
    async (c) => {
      const db = c.var.db
      const { user, token, session } = await signUp(db, c.req.valid('json'), meta(c))
      setSessionCookie(c, token, session.max_expires_at)
      return respond(c, meSchema, await meFor(db, user, session.id), 201)
    },
  )
  .post(
    '/auth/sign-in',
    describeRoute({ tags: ['auth'], summary: 'Sign in with e-mail and password', responses: { ...jsonResponse(signedInSchema), ...errors(400, 401, 403, 413, 422, 429, 503) } }),
    validate('json', signInSchema),
    async (c) => {
      const db = c.var.db
      const previous = c.get('user')
      const pending = c.get('pendingTwoFactor')
      const { user, token, session } = await signIn(db, c.req.valid('json'), meta(c))
      // A new session at every sign-in; the one this browser held before is dropped.
      if (previous) await invalidateSession(db, previous.session_id)
      if (pending) await invalidateSession(db, pending.sessionId)
      setSessionCookie(c, token, session.max_expires_at)
      if (user.totp_enabled_at) return respond(c, signedInSchema, { two_factor_required: true })
      return respond(c, signedInSchema, await meFor(db, user, session.id))
    },
  )
  .post(
    '/auth/sign-in/form',
    describeRoute({
      tags: ['auth'],
      summary:
        'Sign in without JavaScript: the <noscript> form on /auth posts e-mail and password (form-encoded, same-origin like every write); sets the session cookie and answers 303 to `next` (a path on this site) or /, or back to /auth?signin=<why> when it fails',
      responses: { 303: { description: 'Signed in (to `next`), or back to /auth?signin=failed|limited|two-factor|error' }, ...errors(403, 413) },
    }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
      const text = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : '')
      const next = text('next')
      // Only a path on this site: never an open redirect (lib/return-path.ts).
      const target = safeReturnPath(next) ?? '/'
      const parsed = signInSchema.safeParse({ email: text('email'), password: text('password') })
      if (!parsed.success) return c.redirect('/auth?signin=failed', 303)
      try {
        const db = c.var.db
        const previous = c.get('user')
        const pending = c.get('pendingTwoFactor')
        const { user, token, session } = await signIn(db, parsed.data, meta(c))
        if (previous) await invalidateSession(db, previous.session_id)
        if (pending) await invalidateSession(db, pending.sessionId)
        setSessionCookie(c, token, session.max_expires_at)
        // The second step (the authenticator's code) is a page of the app: it needs JavaScript.
        if (user.totp_enabled_at) return c.redirect('/auth?signin=two-factor', 303)
        return c.redirect(target, 303)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        return c.redirect(`/auth?signin=${error.status === 401 ? 'failed' : error.status === 429 ? 'limited' : 'error'}`, 303)
      }
    },
  )
  .post('/auth/sign-out', describeRoute({ tags: ['auth'], summary: 'Sign out', responses: { ...jsonResponse(okSchema), ...errors(403, 413) } }), async (c) => {
    const user = c.get('user')
    if (user) await invalidateSession(c.var.db, user.session_id)
    const pending = c.get('pendingTwoFactor')
    if (pending) await invalidateSession(c.var.db, pending.sessionId)
    clearSessionCookie(c)
    return respond(c, okSchema, { ok: true })
  })
  .get('/me', describeRoute({ tags: ['auth'], summary: 'The signed-in user, roles and subscription', responses: { ...jsonResponse(meOrSignedOutSchema), ...errors() } }), async (c) => {
    const user = c.get('user')
    if (!user) {
      const pending = !!c.get('pendingTwoFactor')
      return respond(c, meOrSignedOutSchema, { user: null, roles: [], role: null, is_admin: false, subscription: null, two_factor_pending: pending })
    }
    return respond(c, meOrSignedOutSchema, await getMe(c.var.db, user))
  })
