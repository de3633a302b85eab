import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse, messageSchema, okSchema } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { meSchema, signedInSchema } from './me.responses'
import { twoFactorSetupSchema, recoveryCodesSchema, twoFactorDisabledSchema, emailVerifiedSchema, resetLinkSchema, sessionsSchema } from './accounts.responses'
import { unauthorized } from '../../errors'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { requireUser, setSessionCookie, resendVerification, verifyEmail } from '../auth'
import { meFor } from './get-me'
import { listSessions, signOutOtherSessions } from './list-sessions'
import { checkResetLink, requestPasswordReset, resetPassword } from './password-reset'
import {
  codeSchema,
  disableTwoFactorSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  secondFactorSchema,
  verifyEmailSchema,
} from './security.schemas'
import { beginEnrolment, confirmEnrolment, disableTwoFactor, verifySecondFactor } from './two-factor'

const tag = { tags: ['account security'] }

export const securityRoutes = new Hono<AppEnv>()
  .post('/auth/forgot-password', describeRoute({ ...tag, summary: 'E-mail a password reset link', responses: { ...jsonResponse(messageSchema), ...errors(400, 403, 413, 422, 429) } }), validate('json', forgotPasswordSchema), async (c) =>
    respond(c, messageSchema, await requestPasswordReset(c.var.db, c.req.valid('json').email, c.get('ip'))),
  )
  .post('/auth/reset-password', describeRoute({ ...tag, summary: 'Set a new password with a reset token', responses: { ...jsonResponse(signedInSchema), ...errors(400, 403, 413, 422, 503) } }), validate('json', resetPasswordSchema), async (c) => {
    const db = c.var.db
    const { token, password } = c.req.valid('json')
    const result = await resetPassword(db, token, password, { ip: c.get('ip'), userAgent: c.req.header('user-agent') ?? null })
    setSessionCookie(c, result.token, result.session.max_expires_at)
    if (result.user.totp_enabled_at) return respond(c, signedInSchema, { two_factor_required: true })
    return respond(c, signedInSchema, await meFor(db, result.user, result.session.id))
  })
  .post('/auth/reset-password/check', describeRoute({ ...tag, summary: 'Whether a reset link still works (spends nothing)', responses: { ...jsonResponse(resetLinkSchema), ...errors(400, 403, 413, 422) } }), validate('json', verifyEmailSchema), async (c) =>
    respond(c, resetLinkSchema, await checkResetLink(c.var.db, c.req.valid('json').token)),
  )
  .post('/auth/verify-email', describeRoute({ ...tag, summary: 'Confirm the e-mail address', responses: { ...jsonResponse(emailVerifiedSchema), ...errors(400, 403, 413, 422) } }), validate('json', verifyEmailSchema), async (c) =>
    respond(c, emailVerifiedSchema, await verifyEmail(c.var.db, c.req.valid('json').token)),
  )
  .post('/auth/resend-verification', describeRoute({ ...tag, summary: 'Send the verification link again', responses: { ...jsonResponse(messageSchema), ...errors(401, 403, 413, 429) } }), async (c) =>
    respond(c, messageSchema, await resendVerification(c.var.db, requireUser(c))),
  )
  .post('/auth/2fa/setup', describeRoute({ ...tag, summary: 'Start two-factor enrolment', responses: { ...jsonResponse(twoFactorSetupSchema), ...errors(401, 403, 409, 413) } }), async (c) => respond(c, twoFactorSetupSchema, await beginEnrolment(c.var.db, requireUser(c))))
  .post('/auth/2fa/enable', describeRoute({ ...tag, summary: 'Confirm enrolment; returns recovery codes once', responses: { ...jsonResponse(recoveryCodesSchema), ...errors(400, 401, 403, 409, 413, 422) } }), validate('json', codeSchema), async (c) =>
    respond(c, recoveryCodesSchema, await confirmEnrolment(c.var.db, requireUser(c), c.req.valid('json').code)),
  )
  .post('/auth/2fa/verify', describeRoute({ ...tag, summary: 'Second step of sign-in', responses: { ...jsonResponse(meSchema), ...errors(400, 401, 403, 413, 422, 503) } }), validate('json', secondFactorSchema), async (c) => {
    const db = c.var.db
    const pending = c.get('pendingTwoFactor')
    if (!pending) throw unauthorized('accounts.signPasswordFirst')
    const user = await verifySecondFactor(db, pending, c.req.valid('json'))
    return respond(c, meSchema, await meFor(db, user, pending.sessionId, true))
  })
  .post('/auth/2fa/disable', describeRoute({ ...tag, summary: 'Turn two-factor off (password and code)', responses: { ...jsonResponse(twoFactorDisabledSchema), ...errors(400, 401, 403, 409, 413, 422, 503) } }), validate('json', disableTwoFactorSchema), async (c) => {
    const { password, code } = c.req.valid('json')
    return respond(c, twoFactorDisabledSchema, await disableTwoFactor(c.var.db, requireUser(c), password, code))
  })
  .get('/auth/sessions', describeRoute({ ...tag, summary: 'Active sessions', responses: { ...jsonResponse(sessionsSchema), ...errors(401) } }), async (c) => respond(c, sessionsSchema, { items: await listSessions(c.var.db, requireUser(c)) }))
  .post('/auth/sessions/revoke-others', describeRoute({ ...tag, summary: 'Sign out every other session', responses: { ...jsonResponse(okSchema), ...errors(401, 403, 413) } }), async (c) =>
    respond(c, okSchema, await signOutOtherSessions(c.var.db, requireUser(c))),
  )
