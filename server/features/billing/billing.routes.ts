import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse, messageSchema, urlSchema } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { manageViewSchema, subscriptionCancelledSchema, subscriptionCheckoutSchema, subscriptionStatusSchema } from './billing.responses'
import { unauthorized } from '../../errors'
import { log } from '../../lib/logger'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { actorOf, adminOnly } from '../auth'
import { complimentarySchema } from './billing.schemas'
import { cancelSubscription } from './cancel-subscription'
import { FREE_STATUS, getSubscriptionStatus } from './entitlements'
import { getManageView } from './manage-subscription'
import { openBillingPortal } from './open-portal'
import { setComplimentary } from './set-complimentary'
import { startSubscriptionCheckout } from './start-checkout'

type Ctx = { get: (k: 'user') => AppEnv['Variables']['user'] }

const UPGRADE_SIGN_IN = 'billing.signInToUpgrade'
const MANAGE_SIGN_IN = 'billing.signInToManage'

function signedIn(c: Ctx, message: string) {
  const user = c.get('user')
  if (!user) throw unauthorized(message)
  return user
}

export const billingRoutes = new Hono<AppEnv>()
  .get(
    '/billing/subscription',
    describeRoute({ tags: ['billing'], summary: 'check-subscription: the signed-in user’s plan', responses: { ...jsonResponse(subscriptionStatusSchema), ...errors(401) } }),
    async (c) => {
      const user = signedIn(c, 'errors.unauthorized')
      try {
        return respond(c, subscriptionStatusSchema, await getSubscriptionStatus(c.var.db, user.id))
      } catch (error) {
        // A failed check falls back to the free tier, silently.
        log.warn('subscription check failed', { user_id: user.id, error: String(error) })
        return respond(c, subscriptionStatusSchema, FREE_STATUS)
      }
    },
  )
  .post(
    '/billing/checkout',
    describeRoute({ tags: ['billing'], summary: 'create-checkout: start the Premium subscription (Stripe or offline page)', responses: { ...jsonResponse(subscriptionCheckoutSchema), ...errors(401, 403, 409, 413, 429, 502) } }),
    async (c) => respond(c, subscriptionCheckoutSchema, await startSubscriptionCheckout(c.var.db, signedIn(c, UPGRADE_SIGN_IN))),
  )
  .post(
    '/billing/portal',
    describeRoute({ tags: ['billing'], summary: 'customer-portal: Stripe billing portal, or the built-in manage page', responses: { ...jsonResponse(urlSchema), ...errors(401, 403, 413, 502) } }),
    async (c) => respond(c, urlSchema, await openBillingPortal(c.var.db, signedIn(c, MANAGE_SIGN_IN))),
  )
  .get(
    '/billing/manage',
    describeRoute({ tags: ['billing'], summary: 'The built-in manage page: plan, trial end or next billing date', responses: { ...jsonResponse(manageViewSchema), ...errors(401) } }),
    async (c) => respond(c, manageViewSchema, await getManageView(c.var.db, signedIn(c, MANAGE_SIGN_IN))),
  )
  .post(
    '/billing/cancel',
    describeRoute({ tags: ['billing'], summary: 'Cancel the subscription (at period end; an offline trial at once)', responses: { ...jsonResponse(subscriptionCancelledSchema), ...errors(401, 403, 409, 413, 502) } }),
    async (c) => respond(c, subscriptionCancelledSchema, await cancelSubscription(c.var.db, signedIn(c, MANAGE_SIGN_IN), actorOf(c))),
  )
  .post(
    '/admin/subscriptions/complimentary',
    describeRoute({ tags: ['admin'], summary: 'Grant or revoke complimentary Premium by e-mail', responses: { ...jsonResponse(messageSchema), ...errors(401, 403, 404, 413, 422) } }),
    adminOnly,
    validate('json', complimentarySchema),
    async (c) => respond(c, messageSchema, await setComplimentary(c.var.db, c.req.valid('json'), actorOf(c))),
  )
