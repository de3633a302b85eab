import type Stripe from 'stripe'
import type { Executor, Tx } from '../../db/client'
import { webhook_events } from '../../db/schema'
import { savepoint, transaction } from '../../db/unit-of-work'
import { AppError } from '../../errors'
import { clock } from '../../lib/clock'
import { log } from '../../lib/logger'
import { fulfilmentFor } from '../../payments/fulfilment'
import { idOf, requireStripe, verifyWebhook } from '../../payments/stripe'
import { eq } from 'drizzle-orm'
import { applyStripeSubscription, invoiceSubscription } from './stripe-sync'

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

/** The subscription as Stripe holds it, and when that read started (the write's order: stripe-sync.ts). */
type CurrentSubscription = { subscription: Stripe.Subscription; at: Date }

/** The subscription whose state an event changes: subscription events, a subscription's invoices, a completed subscription checkout. */
function subscriptionOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.data.object.id
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return invoiceSubscription(event.data.object)
    case 'checkout.session.completed':
      return event.data.object.mode === 'subscription' ? idOf(event.data.object.subscription as string | { id: string } | null) : null
    default:
      return null
  }
}

/**
 * Reads the subscription from Stripe. Null when Stripe does not know it (it
 * cannot change anything); any other failure is a 502, so the event is not
 * recorded and Stripe delivers it again.
 */
async function readSubscription(id: string): Promise<CurrentSubscription | null> {
  const at = clock.now()
  try {
    return { subscription: await (await requireStripe()).subscriptions.retrieve(id), at }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return null
    throw new AppError('payment_provider_error', 502, 'billing.couldNotReachStripe', undefined, String(error))
  }
}

/**
 * Runs the events of one subscription one after another in this process: each
 * reads Stripe after the previous one has written, so the last write is of
 * the latest state whatever the order the events came in.
 */
const queues = new Map<string, Promise<unknown>>()
function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(() => work())
  const settled = run.then(
    () => undefined,
    () => undefined,
  )
  queues.set(key, settled)
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key)
  })
  return run
}

async function apply(tx: Tx, event: Stripe.Event, current: CurrentSubscription | null): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      // Delayed payment methods complete later (async_payment_succeeded).
      if (session.payment_status === 'unpaid') return
      await dispatchCheckout(tx, session, 'complete')
      break
    }
    case 'checkout.session.async_payment_succeeded':
      await dispatchCheckout(tx, event.data.object, 'complete')
      return
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      await dispatchCheckout(tx, event.data.object, 'cancel')
      return
    default:
      break
  }
  // Subscription events and invoices: the event says that something changed, Stripe's current copy says what.
  if (current) await applyStripeSubscription(tx, current.subscription, current.at)
  else if (subscriptionOf(event)) log.warn('stripe event about a subscription Stripe does not know', { event_id: event.id, type: event.type })
}

/**
 * POST /api/webhooks/stripe. The signature is checked on the raw body (bad or
 * stale → 400, nothing changes). Each event id is stored with its effects in
 * one transaction, so it is processed exactly once whatever Stripe redelivers.
 * An event that changes a subscription (its own events, its invoices, a
 * completed checkout) is only a signal: the subscription is read from Stripe
 * and its current state written, so the order of delivery does not matter —
 * the same events in any order end in the same state. Stripe is called
 * before the transaction opens, never inside it.
 */
export async function handleStripeWebhook(db: Executor, rawBody: string, signature: string | undefined) {
  const event = await verifyWebhook(rawBody, signature)
  // A shortcut for redeliveries; the insert below is what decides.
  const [seen] = await db.select({ id: webhook_events.id }).from(webhook_events).where(eq(webhook_events.id, event.id)).limit(1)
  if (seen) return { duplicate: true }

  const subscriptionId = subscriptionOf(event)
  if (!subscriptionId) return { duplicate: await record(db, event, null) }
  return oneAtATime(subscriptionId, async () => ({ duplicate: await record(db, event, await readSubscription(subscriptionId)) }))
}

/** Stores the event id and applies it in one transaction; true when it had been stored already. */
async function record(db: Executor, event: Stripe.Event, current: CurrentSubscription | null) {
  // Effects of the event (pushes, refunds) run after commit, and only if its savepoint was kept.
  return transaction(db, async (tx) => {
    const stored = await tx.insert(webhook_events).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: webhook_events.id })
    if (stored.length === 0) return true
    try {
      await savepoint(tx, (inner) => apply(inner, event, current))
    } catch (error) {
      // A well-signed event about something we do not hold (e.g. an unknown
      // checkout): acknowledge it so Stripe stops retrying; anything else retries.
      if (!(error instanceof AppError) || error.status >= 500) throw error
      log.warn('stripe event not applied', { event_id: event.id, type: event.type, reason: error.message })
    }
    return false
  })
}
