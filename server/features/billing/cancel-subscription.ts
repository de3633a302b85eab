import { format } from 'date-fns/format'
import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { operator_subscriptions } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { conflict } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { providerError, stripeClient } from '../../payments/stripe'
import type { CurrentUser } from '../../types'
import { effectiveSubscription, getSubscriptionRow } from './entitlements'
import { getManageView } from './manage-subscription'

type Row = typeof operator_subscriptions.$inferSelect

/**
 * The subscription that can be cancelled, or the 409 that says why not. Once
 * Stripe has been told, its webhook may already have recorded the end, which
 * is no reason to fail.
 */
function cancellable(row: Row | null, opts: { toldStripe?: boolean } = {}) {
  const state = row ? effectiveSubscription(row) : null
  if (!row || !state?.paid) throw conflict('no_subscription', 'billing.noActiveSubscriptionCancel')
  if (row.cancel_at_period_end && !opts.toldStripe) throw conflict('already_cancelled', 'billing.subscriptionAlreadySetEnd')
  return { row, state }
}

/**
 * Cancel from the manage page. A paid period runs to its end (Stripe and
 * offline alike); an offline free trial ends at once, since nothing was paid
 * (docs/decisions/004-subscriptions-and-offline-billing.md).
 *
 * Stripe is told first, outside any transaction; the checks are then read
 * again in the transaction that writes (another request may have cancelled
 * meanwhile).
 */
export async function cancelSubscription(db: Executor, user: CurrentUser, actor: Actor) {
  const before = cancellable(await getSubscriptionRow(db, user.id))
  if (before.row.provider === 'stripe') {
    const stripe = await stripeClient()
    if (!stripe || !before.row.stripe_subscription_id) {
      throw conflict('manage_at_provider', 'billing.subscriptionManagedStripeCustomerPortal')
    }
    try {
      await stripe.subscriptions.update(before.row.stripe_subscription_id, { cancel_at_period_end: true })
    } catch (error) {
      throw providerError('billing.cancelFailed', error)
    }
  }

  const { immediate, endsOn } = await transaction(db, async (tx) => {
    const { row, state } = cancellable(await getSubscriptionRow(tx, user.id), { toldStripe: before.row.provider === 'stripe' })
    const immediate = row.provider === 'offline' && state.status === 'trialing'
    await tx
      .update(operator_subscriptions)
      .set(
        immediate
          ? { tier: 'free', status: 'canceled', cancel_at_period_end: false, current_period_end: clock.now(), trial_ends_at: clock.now() }
          : { cancel_at_period_end: true },
      )
      .where(eq(operator_subscriptions.user_id, user.id))
    await writeAudit(tx, actor, {
      action: 'subscription.cancelled',
      resource_type: 'subscription',
      resource_id: user.id,
      details: { provider: row.provider, immediate, status: state.status },
    })
    return { immediate, endsOn: state.period_end ? format(state.period_end, 'MMM d, yyyy') : null }
  })
  return {
    message: immediate
      ? 'Your free trial has been cancelled. You are now on the Free plan.'
      : `Your subscription has been cancelled. Premium stays active until ${endsOn}.`,
    manage: await getManageView(db, user),
  }
}
