import type Stripe from 'stripe'
import { env } from '../env'
import { offlineCheckoutPath } from './fulfilment'
import { idOf, providerError, requireStripe, siteUrl, stripeClient } from './stripe'

/**
 * Checkout mechanics shared by every area that sells something. With Stripe
 * configured they create a Stripe Checkout session whose metadata {kind, id}
 * routes the webhook to the fulfilment registry; offline they return the
 * built-in page for the same {kind, id} (no card is charged).
 */

export type CheckoutResult = { url: string; session_id: string | null }

export const CHECKOUT_FAILED = 'errors.checkoutFailed'

/**
 * A one-time payment (mode payment), e.g. a referral unlock.
 * `success_path` may contain Stripe's `{CHECKOUT_SESSION_ID}` placeholder.
 * `expires_at` must be at least 30 minutes ahead (Stripe's minimum); omitted, Stripe's default (24 h) applies.
 */
export async function createPaymentCheckout(opts: {
  amount_cents: number
  description: string
  metadata: { kind: string; id: string }
  success_path: string
  cancel_path: string
  customer_email?: string
  expires_at?: Date
}): Promise<CheckoutResult> {
  const stripe = await stripeClient()
  if (!stripe) return { url: offlineCheckoutPath(opts.metadata.kind, opts.metadata.id), session_id: null }
  try {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: opts.amount_cents, product_data: { name: opts.description } },
        },
      ],
      metadata: opts.metadata,
      payment_intent_data: { metadata: opts.metadata },
      client_reference_id: opts.metadata.id,
      customer_email: opts.customer_email,
      success_url: siteUrl(opts.success_path),
      cancel_url: siteUrl(opts.cancel_path),
      expires_at: opts.expires_at ? Math.floor(opts.expires_at.getTime() / 1000) : undefined,
    })
    if (!session.url) throw new Error('Stripe returned no checkout URL')
    return { url: session.url, session_id: session.id }
  } catch (error) {
    throw providerError(CHECKOUT_FAILED, error)
  }
}

/**
 * The Premium subscription (mode subscription) for a Stripe customer, with the
 * free trial when the user has never had one. No card is asked for up front
 * during a trial; without one the subscription cancels at the trial's end.
 */
export async function createSubscriptionCheckout(opts: {
  user_id: string
  customer_id: string
  trial_days: number
}): Promise<CheckoutResult> {
  const stripe = await requireStripe()
  const metadata = { kind: 'subscription', id: opts.user_id }
  const line: Stripe.Checkout.SessionCreateParams.LineItem = env.STRIPE_PREMIUM_PRICE_ID
    ? { price: env.STRIPE_PREMIUM_PRICE_ID, quantity: 1 }
    : {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: env.PREMIUM_PRICE_CENTS,
          recurring: { interval: 'month' },
          product_data: { name: 'Homeward Premium' },
        },
      }
  try {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: opts.customer_id,
      line_items: [line],
      metadata,
      client_reference_id: opts.user_id,
      subscription_data: {
        metadata: { user_id: opts.user_id },
        ...(opts.trial_days > 0
          ? {
              trial_period_days: opts.trial_days,
              trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
            }
          : {}),
      },
      payment_method_collection: opts.trial_days > 0 ? 'if_required' : 'always',
      success_url: siteUrl('/subscription-success?session_id={CHECKOUT_SESSION_ID}'),
      cancel_url: siteUrl('/pricing'),
    })
    if (!session.url) throw new Error('Stripe returned no checkout URL')
    return { url: session.url, session_id: session.id }
  } catch (error) {
    throw providerError(CHECKOUT_FAILED, error)
  }
}

/**
 * The Stripe customer of a user; the caller stores the id. Stripe is never
 * called inside a transaction, so two checkouts started at once would both
 * create one: the idempotency key (the user's id) makes Stripe answer the
 * second with the first's customer, for the 24 hours it keeps keys, far past
 * the moment the first id is stored.
 */
export async function createStripeCustomer(opts: { user_id: string; email: string }) {
  try {
    const customer = await (await requireStripe()).customers.create({ email: opts.email, metadata: { user_id: opts.user_id } }, { idempotencyKey: `homeward-customer-${opts.user_id}` })
    return customer.id
  } catch (error) {
    throw providerError(CHECKOUT_FAILED, error)
  }
}

/**
 * Refunds a card payment through Stripe. Offline (no Stripe, or a payment made
 * on the offline page) there is nothing to send back: returns null.
 * Throws a 502 AppError when Stripe refuses or is unreachable (retry later).
 */
export async function refundPayment(opts: {
  payment_intent_id: string | null
  amount_cents?: number
  reason?: string
  idempotency_key?: string
}): Promise<{ refund_id: string } | null> {
  const stripe = await stripeClient()
  if (!stripe || !opts.payment_intent_id) return null
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: opts.payment_intent_id,
        amount: opts.amount_cents,
        metadata: opts.reason ? { reason: opts.reason.slice(0, 500) } : undefined,
      },
      opts.idempotency_key ? { idempotencyKey: opts.idempotency_key } : undefined,
    )
    return { refund_id: refund.id }
  } catch (error) {
    throw providerError('errors.refundFailed', error)
  }
}

/** Expires an open Stripe Checkout session (e.g. when a checkout hold ends). Offline: nothing to do. */
export async function expireCheckoutSession(sessionId: string | null) {
  const stripe = await stripeClient()
  if (!stripe || !sessionId) return
  try {
    await stripe.checkout.sessions.expire(sessionId)
  } catch {
    // Already completed or expired: the webhook tells us which.
  }
}

export { idOf }
