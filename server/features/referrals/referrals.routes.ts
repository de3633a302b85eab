import { Hono, type MiddlewareHandler } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { myReferralsSchema, referralAnswerSchema, referralViewSchema } from './referrals.responses'
import { unauthorized } from '../../errors'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { actorOf, requireUser, requireVerified } from '../auth'
import { cancelReferral } from './cancel-referral'
import { closeReferral } from './close-referral'
import { createReferral } from './create-referral'
import { closeReferralSchema } from './responses.schemas'
import { getReferral } from './get-referral'
import { listMyReferrals } from './list-my-referrals'
import { matchReferralNow } from './match-referral'
import { toReferralSummary } from './referral-views'
import { createReferralSchema, myReferralsQuerySchema, referralIdParamSchema } from './referrals.schemas'
import { submissionsPerUser } from './submission-limit'


/** Runs before validation, so a signed-out visitor hears about signing in, not about fields. */
const signedInToSubmit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get('user')
  if (!user) throw unauthorized('errors.signCreateAccountSubmitReferrals')
  requireVerified(user)
  await next()
}

export const referralsRoutes = new Hono<AppEnv>()
  .post(
    '/referrals',
    describeRoute({ tags: ['referrals'], summary: 'Submit a referral (adds the referrer role; matching runs right after)', responses: { ...jsonResponse(referralAnswerSchema, 201), ...errors(400, 401, 403, 413, 422, 429) } }),
    signedInToSubmit,
    validate('json', createReferralSchema),
    async (c) => {
      const user = requireUser(c)
      await submissionsPerUser.consume(c.var.db, user.id)
      const referral = await createReferral(c.var.db, c.req.valid('json'), { id: user.id, email: user.email })
      await matchReferralNow(c.var.db, referral.id)
      return respond(c, referralAnswerSchema, { referral: await toReferralSummary(c.var.db, referral) }, 201)
    },
  )
  .get(
    '/referrals/mine',
    describeRoute({ tags: ['referrals'], summary: "The signed-in user's referrals, newest first (active=1: pending, matched, reviewing)", responses: { ...jsonResponse(myReferralsSchema), ...errors(401, 422, 503) } }),
    validate('query', myReferralsQuerySchema),
    async (c) => {
      const user = requireUser(c)
      const { active } = c.req.valid('query')
      return respond(c, myReferralsSchema, { items: await listMyReferrals(c.var.db, user.id, { active: active === '1' || active === 'true' }) })
    },
  )
  .get(
    '/referrals/:id',
    describeRoute({ tags: ['referrals'], summary: 'A referral in full, to its owner, admins and operators who unlocked it or were invited', responses: { ...jsonResponse(referralViewSchema), ...errors(401, 404, 422, 503) } }),
    validate('param', referralIdParamSchema),
    async (c) => {
      const user = requireUser(c)
      return respond(c, referralViewSchema, await getReferral(c.var.db, c.req.valid('param').id, user, actorOf(c)))
    },
  )
  .post(
    '/referrals/:id/close',
    describeRoute({ tags: ['referrals'], summary: 'The referrer closes their referral with an outcome (409 while an escrow payment is open)', responses: { ...jsonResponse(referralAnswerSchema), ...errors(400, 401, 403, 404, 409, 413, 422) } }),
    validate('param', referralIdParamSchema),
    validate('json', closeReferralSchema),
    async (c) => {
      const user = requireUser(c)
      return respond(c, referralAnswerSchema, { referral: await closeReferral(c.var.db, c.req.valid('param').id, c.req.valid('json'), user, actorOf(c)) })
    },
  )
  .post(
    '/referrals/:id/cancel',
    describeRoute({ tags: ['referrals'], summary: 'The referrer cancels their own referral (not once placed, rejected or cancelled)', responses: { ...jsonResponse(referralAnswerSchema), ...errors(401, 403, 404, 409, 413, 422) } }),
    validate('param', referralIdParamSchema),
    async (c) => {
      const user = requireUser(c)
      return respond(c, referralAnswerSchema, { referral: await cancelReferral(c.var.db, c.req.valid('param').id, user, actorOf(c)) })
    },
  )
