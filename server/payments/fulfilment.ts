import type { Executor, Tx } from '../db/client'
import type { CurrentUser } from '../types'

/**
 * What a checkout pays for. Billing owns the checkout mechanics (Stripe
 * Checkout or the built-in offline page, the webhook endpoint); each area
 * that sells something registers a kind here. Completion from a Stripe
 * webhook and from the offline page goes through the same `complete`.
 *
 * Kinds: 'subscription' (billing), 'unlock' (marketplace), registered by
 * server/composition.ts. All three are async. `complete` and `cancel` run
 * inside a unit of work (server/db/unit-of-work.ts) and write with its `tx`:
 * what must wait for the commit (refunds, expiring a Stripe session) is
 * registered with afterCommit(tx, ...); never call Stripe from them.
 *
 * The offline page completes (or cancels) a checkout in one transaction that
 * first calls `describe` with its `tx`: the ownership and state checks that
 * decide the completion are read in the completing transaction. So `describe`
 * reads with the executor it is handed, and when that is a transaction's `tx`
 * (inUnitOfWork) wraps the reads of rows whose state decides the completion
 * in forUpdate() (server/db/dialect.ts).
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
  describe(db: Executor, id: string, user: CurrentUser): Promise<CheckoutSummary>
  /** Marks the checkout paid (idempotent: a second call changes nothing). */
  complete(tx: Tx, id: string, ref: { provider: 'stripe' | 'offline'; payment_intent_id?: string | null; subscription_id?: string | null; customer_id?: string | null }): Promise<void>
  /** The checkout was cancelled or expired (idempotent). */
  cancel(tx: Tx, id: string): Promise<void>
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
