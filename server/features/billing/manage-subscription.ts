import type { Executor } from '../../db/client'
import { env } from '../../env'
import { paymentsOffline } from '../../payments/stripe'
import type { CurrentUser } from '../../types'
import { effectiveSubscription, getSubscriptionRow, getSubscriptionStatus } from './entitlements'

/**
 * The built-in manage page (offline payments, or a subscription not held at
 * Stripe): the plan, the trial end or next billing date, and whether it can
 * be cancelled.
 */
export async function getManageView(db: Executor, user: CurrentUser) {
  const row = await getSubscriptionRow(db, user.id)
  const status = await getSubscriptionStatus(db, user.id)
  const state = row ? effectiveSubscription(row) : null
  const paid = !!state?.paid
  const trialing = paid && state.status === 'trialing'
  const ending = paid && !!row?.cancel_at_period_end
  return {
    plan: status.tier,
    status: state?.status ?? 'none',
    provider: row?.provider ?? null,
    paid,
    is_complimentary: status.is_complimentary,
    is_admin: user.is_admin,
    price_cents: env.PREMIUM_PRICE_CENTS,
    trial_ends_at: trialing ? (state.period_end?.toISOString() ?? null) : null,
    next_billing_date: paid && !ending ? (state.period_end?.toISOString() ?? null) : null,
    ends_at: ending ? (state.period_end?.toISOString() ?? null) : null,
    cancel_at_period_end: ending,
    can_cancel: paid && !ending,
    portal_available: paid && row?.provider === 'stripe' && !paymentsOffline(),
  }
}

export type ManageView = Awaited<ReturnType<typeof getManageView>>
