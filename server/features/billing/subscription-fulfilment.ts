import { money } from '../../lib/money'
import { addMonths } from 'date-fns/addMonths'
import { eq } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { operator_subscriptions } from '../../db/schema'
import { env } from '../../env'
import { conflict, notFound } from '../../errors'
import { clock, DAY } from '../../lib/clock'
import { registerFulfilment, type Fulfilment } from '../../payments/fulfilment'
import { notify } from '../notifications'
import { effectiveSubscription, getSubscriptionRow, getSubscriptionStatus } from './entitlements'

/** The product id recorded for subscriptions taken on the offline page. */
export const OFFLINE_PRODUCT_ID = 'homeward-premium'

const price = () => money(env.PREMIUM_PRICE_CENTS)

/**
 * Makes sure a user has a subscription row (accounts made before billing,
 * admins made by the CLI) and returns it, read for update in the caller's transaction.
 */
export async function ensureSubscriptionRow(tx: Tx, userId: string) {
  await tx.insert(operator_subscriptions).values({ user_id: userId }).onConflictDoNothing()
  return (await getSubscriptionRow(tx, userId))!
}

/** One free trial per account: a user who already had one subscribes without it. */
export function trialDaysFor(row: { trial_ends_at: Date | null } | null) {
  return row?.trial_ends_at ? 0 : env.TRIAL_DAYS
}

/**
 * Checkout kind 'subscription' (id = the subscriber's user id). Offline, the
 * completion itself starts the trial (or the paid period); with Stripe it links
 * the customer, and the subscription's own events carry its state.
 */
const subscriptionCheckout: Fulfilment = {
  // Handed the completing transaction's tx, getSubscriptionRow reads the row for update.
  async describe(db, id, user) {
    if (id !== user.id) throw notFound('billing.checkoutNotFound')
    if ((await getSubscriptionStatus(db, user.id)).subscribed) {
      throw conflict('already_subscribed', 'billing.alreadyPremiumAccess')
    }
    const trialDays = trialDaysFor(await getSubscriptionRow(db, user.id))
    return {
      title: 'Homeward Premium',
      description:
        trialDays > 0
          ? `${trialDays}-day free trial, then ${price()}/month. Cancel anytime.`
          : `${price()} per month. Cancel anytime.`,
      amount_cents: env.PREMIUM_PRICE_CENTS,
      recurring: true,
      trial_days: trialDays,
    }
  },

  async complete(tx, id, ref) {
    const row = await ensureSubscriptionRow(tx, id)
    if (ref.provider === 'stripe') {
      if (ref.customer_id && !row.stripe_customer_id) {
        await tx.update(operator_subscriptions).set({ stripe_customer_id: ref.customer_id }).where(eq(operator_subscriptions.user_id, id))
      }
      return
    }
    if (effectiveSubscription(row).paid) return // completed already
    const now = clock.ms()
    const trialDays = trialDaysFor(row)
    const trialEnd = trialDays > 0 ? new Date(now + trialDays * DAY) : null
    await tx
      .update(operator_subscriptions)
      .set({
        tier: 'premium',
        status: trialEnd ? 'trialing' : 'active',
        provider: 'offline',
        product_id: OFFLINE_PRODUCT_ID,
        trial_ends_at: trialEnd ?? row.trial_ends_at,
        current_period_end: trialEnd ?? addMonths(new Date(now), 1),
        cancel_at_period_end: false,
        provider_updated_at: new Date(now),
      })
      .where(eq(operator_subscriptions.user_id, id))
    await notify(tx, id, {
      type: 'subscription_started',
      title: 'Welcome to Premium!',
      body: trialEnd ? `Your ${trialDays}-day free trial has started.` : 'Your Premium subscription is active.',
      link: '/operator-dashboard',
    })
  },

  // Nothing is held while a subscription checkout is open, so there is nothing to undo.
  async cancel() {},
}

/** Registers checkout kind 'subscription' (called once, by server/composition.ts). */
export function registerSubscriptionCheckout() {
  registerFulfilment('subscription', subscriptionCheckout)
}
