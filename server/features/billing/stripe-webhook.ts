import type Stripe from 'stripe'
import type { Executor, Tx } from '../../db/client'
import { webhook_events } from '../../db/schema'
import { savepoint, transaction } from '../../db/unit-of-work'
import { AppError } from '../../errors'
import { log } from '../../lib/logger'
import { fulfilmentFor } from '../../payments/fulfilment'
import { idOf, requireStripe, verifyWebhook } from '../../payments/stripe'
import { eq } from 'drizzle-orm'
import { applyStripeInvoice, applyStripeSubscription } from './stripe-sync'

/** Routes a checkout session to the fulfilment of its metadata.kind. */
async function dispatchCheckout(tx: Tx, session: Stripe.Checkout.Session, outcome: 'complete' | 'cancel'): Promise<void> {
  const kind = session.metadata?.kind
  const id = session.metadata?.id
  const fulfilment = kind ? fulfilmentFor(kind) : null
  if (!fulfilment || !id) {
    log.warn('stripe checkout without a known kind', { session_id: session.id, kind })
    return
  }
  if (outcome === 'cancel') {
    await fulfilment.cancel(tx, id)
    return
  }
  await fulfilment.complete(tx, id, {
    provider: 'stripe',
    payment_intent_id: idOf(session.payment_intent as string | { id: string } | null),
    subscription_id: idOf(session.subscription as string | { id: string } | null),
    customer_id: idOf(session.customer as string | { id: string } | null),
  })
}

async function apply(tx: Tx, event: Stripe.Event, subscription: Stripe.Subscription | null): Promise<void> {
  const at = new Date(event.created * 1000)
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      // Delayed payment methods complete later (async_payment_succeeded).
      if (session.payment_status === 'unpaid') return
      await dispatchCheckout(tx, session, 'complete')
      if (subscription) await applyStripeSubscription(tx, subscription, at)
      return
    }
    case 'checkout.session.async_payment_succeeded':
      await dispatchCheckout(tx, event.data.object, 'complete')
      return
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      await dispatchCheckout(tx, event.data.object, 'cancel')
      return
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      await applyStripeSubscription(tx, event.data.object, at)
      return
    case 'invoice.paid':
      await applyStripeInvoice(tx, event.data.object, 'paid', at)
      return
    case 'invoice.payment_failed':
      await applyStripeInvoice(tx, event.data.object, 'failed', at)
      return
    default:
      return
  }
}

/**
 * POST /api/webhooks/stripe. The signature is checked on the raw body (bad or
 * stale → 400, nothing changes). Each event id is stored with its effects in
 * one transaction, so it is processed exactly once whatever Stripe redelivers;
 * the order of delivery does not matter (stripe-sync.ts). Stripe is called
 * before the transaction opens, never inside it.
 */
export async function handleStripeWebhook(db: Executor, rawBody: string, signature: string | undefined) {
  const event = await verifyWebhook(rawBody, signature)
  // A shortcut for redeliveries; the insert below is what decides.
  const [seen] = await db.select({ id: webhook_events.id }).from(webhook_events).where(eq(webhook_events.id, event.id)).limit(1)
  if (seen) return { duplicate: true }

  // A completed subscription checkout: fetch the subscription so the plan is
  // right even before its own events arrive (the success page refreshes in 2 s).
  let subscription: Stripe.Subscription | null = null
  if (event.type === 'checkout.session.completed' && event.data.object.mode === 'subscription') {
    const subscriptionId = idOf(event.data.object.subscription as string | { id: string } | null)
    if (subscriptionId) {
      try {
        subscription = await (await requireStripe()).subscriptions.retrieve(subscriptionId)
      } catch (error) {
        // Not recorded: Stripe retries the delivery.
        throw new AppError('payment_provider_error', 502, 'Could not reach Stripe', undefined, String(error))
      }
    }
  }

  // Effects of the event (pushes, refunds) run after commit, and only if its savepoint was kept.
  const duplicate = await transaction(db, async (tx) => {
    const stored = await tx.insert(webhook_events).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: webhook_events.id })
    if (stored.length === 0) return true
    try {
      await savepoint(tx, (inner) => apply(inner, event, subscription))
    } catch (error) {
      // A well-signed event about something we do not hold (e.g. an unknown
      // checkout): acknowledge it so Stripe stops retrying; anything else retries.
      if (!(error instanceof AppError) || error.status >= 500) throw error
      log.warn('stripe event not applied', { event_id: event.id, type: event.type, reason: error.message })
    }
    return false
  })
  return { duplicate }
}
