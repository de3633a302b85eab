import { format } from 'date-fns/format'
import { eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { operator_subscriptions } from '../../db/schema'
import { conflict } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { providerError, stripeClient } from '../../payments/stripe'
import type { CurrentUser } from '../../types'
import { effectiveSubscription, getSubscriptionRow } from './entitlements'
import { getManageView } from './manage-subscription'

/**
 * Cancel from the manage page. A paid period runs to its end (Stripe and
 * offline alike); an offline free trial ends at once, since nothing was paid
 * (docs/decisions/004-subscriptions-and-offline-billing.md).
 */
export async function cancelSubscription(user: CurrentUser, actor: Actor) {
  const row = getSubscriptionRow(user.id)
  const state = row ? effectiveSubscription(row) : null
  if (!row || !state?.paid) throw conflict('no_subscription', 'You have no active subscription to cancel.')
  if (row.cancel_at_period_end) throw conflict('already_cancelled', 'Your subscription is already set to end.')
  const endsOn = state.period_end ? format(state.period_end, 'MMM d, yyyy') : null

  if (row.provider === 'stripe') {
    const stripe = await stripeClient()
    if (!stripe || !row.stripe_subscription_id) {
      throw conflict('manage_at_provider', 'This subscription is managed in the Stripe customer portal.')
    }
    try {
      await stripe.subscriptions.update(row.stripe_subscription_id, { cancel_at_period_end: true })
    } catch (error) {
      throw providerError('Failed to cancel the subscription. Please try again.', error)
    }
  }

  const immediate = row.provider === 'offline' && state.status === 'trialing'
  db.transaction((tx) => {
    tx.update(operator_subscriptions)
      .set(
        immediate
          ? { tier: 'free', status: 'canceled', cancel_at_period_end: false, current_period_end: clock.now(), trial_ends_at: clock.now() }
          : { cancel_at_period_end: true },
      )
      .where(eq(operator_subscriptions.user_id, user.id))
      .run()
    writeAudit(tx, actor, {
      action: 'subscription.cancelled',
      resource_type: 'subscription',
      resource_id: user.id,
      details: { provider: row.provider, immediate, status: state.status },
    })
  })
  return {
    message: immediate
      ? 'Your free trial has been cancelled. You are now on the Free plan.'
      : `Your subscription has been cancelled. Premium stays active until ${endsOn}.`,
    manage: getManageView(user),
  }
}
