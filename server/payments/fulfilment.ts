import type { Tx } from '../db/client'
import type { CurrentUser } from '../types'

/**
 * What a checkout pays for. Billing owns the checkout mechanics (Stripe
 * Checkout or the built-in offline page, the webhook endpoint); each area
 * that sells something registers a kind here. Completion from a Stripe
 * webhook and from the offline page goes through the same `complete`.
 *
 * Kinds: 'subscription' (billing), 'unlock' (marketplace), registered by
 * server/composition.ts. `complete` and `cancel` run inside a unit of work
 * (server/db/unit-of-work.ts): what must wait for the commit (live pushes,
 * refunds) is registered with afterCommit(tx, ...).
 */
export type CheckoutSummary = {
  title: string
  description: string
  amount_cents: number
  /** Billed monthly (subscriptions). */
  recurring?: boolean
  /** Free trial days before the first charge (subscriptions). */
  trial_days?: number
}

export type Fulfilment = {
  /** What the offline page shows; throws 404 when `id` is not this user's open checkout. */
  describe(id: string, user: CurrentUser): CheckoutSummary
  /** Marks the checkout paid (idempotent: a second call changes nothing). */
  complete(tx: Tx, id: string, ref: { provider: 'stripe' | 'offline'; payment_intent_id?: string | null; subscription_id?: string | null; customer_id?: string | null }): void
  /** The checkout was cancelled or expired (idempotent). */
  cancel(tx: Tx, id: string): void
}

const registry = new Map<string, Fulfilment>()

export function registerFulfilment(kind: string, f: Fulfilment) {
  registry.set(kind, f)
}

export function fulfilmentFor(kind: string) {
  return registry.get(kind) ?? null
}

/** Offline checkout URL for a kind and id (the page under /pay/offline). */
export const offlineCheckoutPath = (kind: string, id: string) => `/pay/offline/${kind}/${id}`
