import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { Tx } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { operator_subscriptions, type SUBSCRIPTION_STATUSES } from '../../db/schema'
import { log } from '../../lib/logger'
import { idOf } from '../../payments/stripe'

/**
 * Keeps operator_subscriptions in step with Stripe. What is written is always
 * the subscription as Stripe holds it now, read when an event about it arrives
 * (stripe-webhook.ts), never the copy inside the event: two events delivered
 * in either order end in the same state, the current one. Each write carries
 * the time that read started; a row already written from a later read is left
 * alone (two deliveries racing, in this process or another).
 */

type Row = typeof operator_subscriptions.$inferSelect
type Status = (typeof SUBSCRIPTION_STATUSES)[number]

const LIVE = new Set<Status>(['trialing', 'active', 'past_due'])

/** Stripe's statuses onto ours: unpaid, paused and incomplete_expired give no access, like canceled. */
function statusFrom(stripeStatus: string): Status {
  switch (stripeStatus) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'incomplete':
    case 'canceled':
      return stripeStatus
    default:
      return 'canceled'
  }
}

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null)

/** Read before what the row already reflects? (Equal times re-apply the same snapshot.) */
const isStale = (row: Row, at: Date) => !!row.provider_updated_at && row.provider_updated_at.getTime() > at.getTime()

/** The row an event is about, read for update: its state decides the event's write. */
async function findRow(tx: Tx, ref: { subscription_id: string | null; user_id?: string | null; customer_id: string | null }) {
  const columns = {
    stripe_subscription_id: operator_subscriptions.stripe_subscription_id,
    user_id: operator_subscriptions.user_id,
    stripe_customer_id: operator_subscriptions.stripe_customer_id,
  }
  const by = async (column: keyof typeof columns, value: string | null | undefined) => {
    if (!value) return undefined
    const [row] = await forUpdate(tx.select().from(operator_subscriptions).where(eq(columns[column], value)).limit(1))
    return row
  }
  return (
    (await by('stripe_subscription_id', ref.subscription_id)) ??
    (await by('user_id', ref.user_id)) ??
    (await by('stripe_customer_id', ref.customer_id)) ??
    null
  )
}

/** The period end of a subscription: on its items in current API versions, on the subscription in older ones. */
function periodEnd(sub: Stripe.Subscription) {
  const ends = sub.items?.data?.map((item) => item.current_period_end).filter(Boolean) ?? []
  const legacy = (sub as unknown as { current_period_end?: number }).current_period_end
  return fromUnix(ends.length ? Math.min(...ends) : legacy)
}

/**
 * Writes the subscription as read from Stripe at `at` (after any
 * customer.subscription.* or invoice event, or a completed checkout). Returns
 * the user id it applied to, or null when skipped.
 */
export async function applyStripeSubscription(tx: Tx, sub: Stripe.Subscription, at: Date): Promise<string | null> {
  const subscriptionId = sub.id
  const customerId = idOf(sub.customer as string | { id: string })
  const row = await findRow(tx, { subscription_id: subscriptionId, user_id: sub.metadata?.user_id, customer_id: customerId })
  if (!row) {
    log.warn('stripe subscription for an unknown customer', { subscription_id: subscriptionId })
    return null
  }
  if (isStale(row, at)) return null
  const status = statusFrom(sub.status)
  // A different subscription than the one we track: only a live one may replace a dead one.
  if (row.stripe_subscription_id && row.stripe_subscription_id !== subscriptionId) {
    const trackedLive = row.provider === 'stripe' && LIVE.has(row.status)
    if (trackedLive || !LIVE.has(status)) return null
  }
  await tx
    .update(operator_subscriptions)
    .set({
      tier: status === 'canceled' ? 'free' : 'premium',
      status,
      provider: 'stripe',
      stripe_subscription_id: subscriptionId,
      stripe_customer_id: customerId ?? row.stripe_customer_id,
      product_id: idOf(sub.items?.data?.[0]?.price?.product as string | { id: string } | undefined) ?? row.product_id,
      current_period_end: periodEnd(sub),
      trial_ends_at: fromUnix(sub.trial_end) ?? row.trial_ends_at,
      cancel_at_period_end: !!sub.cancel_at_period_end || (!!sub.cancel_at && status !== 'canceled'),
      provider_updated_at: at,
    })
    .where(eq(operator_subscriptions.user_id, row.user_id))
  return row.user_id
}

/** The subscription an invoice belongs to (field moved under `parent` in 2025 API versions). */
export function invoiceSubscription(invoice: Stripe.Invoice) {
  const parent = invoice.parent?.subscription_details?.subscription
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription
  return idOf((parent ?? legacy ?? null) as string | { id: string } | null)
}
