import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { offlineCheckoutDoneSchema, webhookReceivedSchema, offlineCheckoutSchema } from './billing.responses'
import { z } from 'zod'
import { unauthorized } from '../../errors'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { actorOf } from '../auth'
import { cancelOfflineCheckout, completeOfflineCheckout, describeOfflineCheckout } from './offline-checkout'
import { handleStripeWebhook } from './stripe-webhook'

const checkoutParams = z.object({
  kind: z.string().min(1).max(40),
  id: z.string().min(1).max(100),
})

const signedIn = (c: { get: (k: 'user') => AppEnv['Variables']['user'] }) => {
  const user = c.get('user')
  if (!user) throw unauthorized('billing.signCompletePayment')
  return user
}

export const paymentsRoutes = new Hono<AppEnv>()
  .post(
    '/webhooks/stripe',
    describeRoute({ tags: ['billing'], summary: 'Stripe webhook (signed; each event processed once)', responses: { ...jsonResponse(webhookReceivedSchema), ...errors(400, 413, 502) } }),
    async (c) => {
      const result = await handleStripeWebhook(c.var.db, await c.req.text(), c.req.header('stripe-signature'))
      return respond(c, webhookReceivedSchema, { received: true, duplicate: result.duplicate })
    },
  )
  .get(
    '/pay/offline/:kind/:id',
    describeRoute({ tags: ['billing'], summary: 'What the offline checkout page pays for (no card is charged)', responses: { ...jsonResponse(offlineCheckoutSchema), ...errors(401, 404, 422) } }),
    validate('param', checkoutParams),
    async (c) => {
      const { kind, id } = c.req.valid('param')
      return respond(c, offlineCheckoutSchema, await describeOfflineCheckout(c.var.db, kind, id, signedIn(c)))
    },
  )
  .post(
    '/pay/offline/:kind/:id/complete',
    describeRoute({ tags: ['billing'], summary: 'Complete an offline checkout (the owner only)', responses: { ...jsonResponse(offlineCheckoutDoneSchema), ...errors(401, 403, 404, 409, 413, 422) } }),
    validate('param', checkoutParams),
    async (c) => {
      const { kind, id } = c.req.valid('param')
      return respond(c, offlineCheckoutDoneSchema, await completeOfflineCheckout(c.var.db, kind, id, signedIn(c), actorOf(c)))
    },
  )
  .post(
    '/pay/offline/:kind/:id/cancel',
    describeRoute({ tags: ['billing'], summary: 'Cancel an offline checkout (the owner only)', responses: { ...jsonResponse(offlineCheckoutDoneSchema), ...errors(401, 403, 404, 413, 422) } }),
    validate('param', checkoutParams),
    async (c) => {
      const { kind, id } = c.req.valid('param')
      return respond(c, offlineCheckoutDoneSchema, await cancelOfflineCheckout(c.var.db, kind, id, signedIn(c)))
    },
  )
