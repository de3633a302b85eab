import { and, eq, isNull } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { operator_subscriptions } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { conflict } from '../../errors'
import { HOUR } from '../../lib/clock'
import { limiter } from '../../lib/rate-limit'
import { createStripeCustomer, createSubscriptionCheckout, type CheckoutResult } from '../../payments/checkout'
import { offlineCheckoutPath } from '../../payments/fulfilment'
import { paymentsOffline } from '../../payments/stripe'
import type { CurrentUser } from '../../types'
import { getSubscriptionStatus } from './entitlements'
import { ensureSubscriptionRow, trialDaysFor } from './subscription-fulfilment'

const checkoutsPerUser = limiter('checkouts', 20, HOUR, () => 'billing.tooManyCheckouts')

/**
 * Upgrade to Premium (create-checkout): a Stripe Checkout session in
 * subscription mode with the free trial, or the built-in offline page.
 * Stripe is called between transactions, never inside one.
 */
export async function startSubscriptionCheckout(db: Executor, user: CurrentUser): Promise<CheckoutResult> {
  if ((await getSubscriptionStatus(db, user.id)).subscribed) throw conflict('already_subscribed', 'billing.alreadyPremiumAccess')
  await checkoutsPerUser.consume(db, user.id)
  const row = await transaction(db, (tx) => ensureSubscriptionRow(tx, user.id))
  if (paymentsOffline()) return { url: offlineCheckoutPath('subscription', user.id), session_id: null }

  let customerId = row.stripe_customer_id
  if (!customerId) {
    const created = await createStripeCustomer({ user_id: user.id, email: user.email })
    // The first id stored stays: a concurrent checkout's write of another never replaces it, and this one uses it.
    customerId = await transaction(db, async (tx) => {
      await tx
        .update(operator_subscriptions)
        .set({ stripe_customer_id: created })
        .where(and(eq(operator_subscriptions.user_id, user.id), isNull(operator_subscriptions.stripe_customer_id)))
      const stored = await tx.select({ id: operator_subscriptions.stripe_customer_id }).from(operator_subscriptions).where(eq(operator_subscriptions.user_id, user.id))
      return stored[0]?.id ?? created
    })
  }
  return createSubscriptionCheckout({ user_id: user.id, customer_id: customerId, trial_days: trialDaysFor(row) })
}
