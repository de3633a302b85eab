import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse, messageSchema } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { interestSchema, interestWithdrawnSchema, declinedSchema, unlockCheckoutSchema, waitlistJoinedSchema, waitlistRenewedSchema, placementOutcomeSchema, referralEscrowSchema, marketplacePageSchema, marketplaceReferralSchema, myInterestsSchema, placementLinkAnsweredSchema, placementLinkSchema } from './marketplace.responses'
import { actorOf, requireUser, signedIn, requireVerified } from '../auth'
import { limiter, tryAgainIn } from '../../lib/rate-limit'
import { HOUR } from '../../lib/clock'

/** Each attempt may open a checkout (and a Stripe session): bounded per operator. */
const unlockAttempts = limiter('unlock-attempts', 20, HOUR, tryAgainIn('marketplace.tooManyUnlocks'))
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { browseReferrals } from './browse-referrals'
import { declineReferral } from './decline-referral'
import { expressInterest } from './express-interest'
import { withdrawInterest } from './withdraw-interest'
import { declineSchema } from '../referrals'
import { getMarketplaceReferral } from './get-marketplace-referral'
import { joinWaitlist } from './join-waitlist'
import { leaveWaitlist } from './leave-waitlist'
import { requireSubscribedOperator } from './marketplace-access'
import { answerTokenParam, browseQuerySchema, placementLinkAnswerSchema, placementSchema, waitlistJoinSchema } from './marketplace.schemas'
import { getPlacementAnswer, usePlacementAnswer } from './placement-answer-links'
import { listMyInterests } from './my-interests'
import { confirmPlacement } from './placement'
import { renewWaitlistEntry } from './renew-waitlist'
import { getReferralEscrow } from './referral-escrow'
import { unlockReferral } from './unlock-referral'

const tags = ['marketplace']

export const marketplaceRoutes = new Hono<AppEnv>()
  .get(
    '/marketplace/referrals',
    describeRoute({ tags, summary: 'Pending referrals, urgent first then newest, masked unless unlocked for you (level of care, funding, timeline and urgency stay clear)', responses: { ...jsonResponse(marketplacePageSchema), ...errors(401, 403, 422) } }),
    validate('query', browseQuerySchema),
    async (c) => {
      const user = await requireSubscribedOperator(c)
      const { page, per_page } = c.req.valid('query')
      return respond(c, marketplacePageSchema, await browseReferrals(c.var.db, { viewer: { user, actor: actorOf(c) }, page, perPage: per_page }))
    },
  )
  .get(
    '/marketplace/referrals/:id',
    describeRoute({ tags, summary: 'One referral and your state on it (full record once unlocked)', responses: { ...jsonResponse(marketplaceReferralSchema), ...errors(401, 403, 404, 503) } }),
    async (c) => {
      const user = await requireSubscribedOperator(c)
      return respond(c, marketplaceReferralSchema, await getMarketplaceReferral(c.var.db, { viewer: { user, actor: actorOf(c) }, referralId: c.req.param('id') }))
    },
  )
  .post('/referrals/:id/interest', describeRoute({ tags, summary: 'Express interest (idempotent)', responses: { ...jsonResponse(interestSchema), ...errors(401, 403, 404, 413) } }), async (c) => {
    const user = await requireSubscribedOperator(c)
    return respond(c, interestSchema, await expressInterest(c.var.db, { referralId: c.req.param('id'), operatorId: user.id }))
  })
  .delete(
    '/referrals/:id/interest',
    describeRoute({ tags, summary: 'Withdraw interest (idempotent; 409 while you hold a payment or a waitlist place on it)', responses: { ...jsonResponse(interestWithdrawnSchema), ...errors(401, 403, 404, 409, 413) } }),
    async (c) => {
      const user = await requireSubscribedOperator(c)
      return respond(c, interestWithdrawnSchema, await withdrawInterest(c.var.db, { referralId: c.req.param('id'), operatorId: user.id, actor: actorOf(c) }))
    },
  )
  .post(
    '/referrals/:id/decline',
    describeRoute({ tags, summary: '"Not a fit" with a reason, by an operator matched or invited (the referral leaves their list; matching notifies the next home)', responses: { ...jsonResponse(declinedSchema), ...errors(401, 403, 404, 409, 413, 422) } }),
    signedIn,
    validate('json', declineSchema),
    async (c) => {
      const user = requireUser(c)
      return respond(c, declinedSchema, await declineReferral(c.var.db, { referralId: c.req.param('id'), operatorId: user.id, input: c.req.valid('json'), actor: actorOf(c) }))
    },
  )
  .post('/referrals/:id/unlock', describeRoute({ tags, summary: 'Take the escrow slot and open the unlock checkout → {url}', responses: { ...jsonResponse(unlockCheckoutSchema, 201), ...errors(401, 403, 404, 409, 413, 429, 502) } }), async (c) => {
    const user = await requireSubscribedOperator(c)
    requireVerified(user)
    await unlockAttempts.consume(c.var.db, user.id)
    const result = await unlockReferral(c.var.db, { referralId: c.req.param('id'), operatorId: user.id, email: user.email, actor: actorOf(c) })
    return respond(c, unlockCheckoutSchema, result, 201)
  })
  .post(
    '/referrals/:id/waitlist',
    describeRoute({
      tags,
      summary: 'Join the waitlist → {message, position, expires_at}, optionally noting what the client would need from you (`needs`, ≤ 500 characters, kept encrypted, shown only to you); joining again renews the entry',
      responses: { ...jsonResponse(waitlistJoinedSchema), ...errors(401, 403, 409, 413, 422) },
    }),
    // Who may join is decided before the body is read: a signed-out caller is asked to sign in, not told about fields.
    async (c, next) => {
      await requireSubscribedOperator(c)
      await next()
    },
    validate('json', waitlistJoinSchema),
    async (c) => {
      const user = await requireSubscribedOperator(c)
      return respond(c, waitlistJoinedSchema, await joinWaitlist(c.var.db, { referralId: c.req.param('id'), operatorId: user.id, needs: c.req.valid('json').needs }))
    },
  )
  .post(
    '/waitlist/:id/renew',
    describeRoute({ tags, summary: 'Restart the expiry (WAITLIST_EXPIRY_DAYS, 90 by default) of your own active waitlist entry (404 if it is not yours, 409 once it left, expired or was converted)', responses: { ...jsonResponse(waitlistRenewedSchema), ...errors(401, 403, 404, 409, 413) } }),
    async (c) => {
      const user = await requireSubscribedOperator(c)
      return respond(c, waitlistRenewedSchema, await renewWaitlistEntry(c.var.db, { entryId: c.req.param('id'), operatorId: user.id }))
    },
  )
  .delete('/referrals/:id/waitlist', describeRoute({ tags, summary: 'Leave the waitlist', responses: { ...jsonResponse(messageSchema), ...errors(401, 403, 404, 413) } }), async (c) => {
    // Leaving stays possible after a subscription lapses.
    const user = requireUser(c)
    return respond(c, messageSchema, await leaveWaitlist(c.var.db, { referralId: c.req.param('id'), operatorId: user.id }))
  })
  .post(
    '/referrals/:id/placement',
    describeRoute({ tags, summary: 'Referrer or escrow holder confirms placed / not placed', responses: { ...jsonResponse(placementOutcomeSchema), ...errors(400, 401, 403, 404, 409, 413, 422) } }),
    validate('json', placementSchema),
    async (c) => {
      const user = requireUser(c)
      const body = c.req.valid('json')
      return respond(
        c,
        placementOutcomeSchema,
        await confirmPlacement(c.var.db, {
          referralId: c.req.param('id'),
          userId: user.id,
          placed: body.placed,
          propertyId: body.property_id ?? null,
          declinePayment: body.decline_payment ?? false,
          actor: actorOf(c),
        }),
      )
    },
  )
  .get(
    '/placement-answers/:token',
    describeRoute({ tags, summary: 'What an e-mailed placement answer link asks (404 unknown, 409 used, 410 hold ended or decided)', responses: { ...jsonResponse(placementLinkSchema), ...errors(404, 409, 410, 422) } }),
    validate('param', answerTokenParam),
    async (c) => respond(c, placementLinkSchema, await getPlacementAnswer(c.var.db, c.req.valid('param').token)),
  )
  .post(
    '/placement-answers/:token',
    describeRoute({ tags, summary: 'Answer about the placement through the e-mailed link, without signing in; single use', responses: { ...jsonResponse(placementLinkAnsweredSchema), ...errors(400, 403, 404, 409, 410, 413, 422) } }),
    validate('param', answerTokenParam),
    validate('json', placementLinkAnswerSchema),
    async (c) => respond(c, placementLinkAnsweredSchema, await usePlacementAnswer(c.var.db, c.req.valid('param').token, c.req.valid('json'))),
  )
  .get('/referrals/:id/escrow', describeRoute({ tags, summary: 'The escrow of a referral (referrer or paying operator)', responses: { ...jsonResponse(referralEscrowSchema), ...errors(401, 404) } }), async (c) => {
    const user = requireUser(c)
    return respond(c, referralEscrowSchema, await getReferralEscrow(c.var.db, { referralId: c.req.param('id'), userId: user.id }))
  })
  .get('/my/interests', describeRoute({ tags, summary: 'Referrals you expressed interest in', responses: { ...jsonResponse(myInterestsSchema), ...errors(401, 503) } }), async (c) => {
    const user = requireUser(c)
    return respond(c, myInterestsSchema, await listMyInterests(c.var.db, user))
  })
