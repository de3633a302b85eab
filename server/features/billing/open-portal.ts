import type { Executor } from '../../db/client'
import { providerError, siteUrl, stripeClient } from '../../payments/stripe'
import type { CurrentUser } from '../../types'
import { getSubscriptionRow } from './entitlements'

export const PORTAL_FAILED = 'billing.portalFailed'
export const MANAGE_PATH = '/billing/manage'

/**
 * Manage subscription (customer-portal): Stripe's billing portal for a Stripe
 * customer; otherwise the built-in manage page.
 */
export async function openBillingPortal(db: Executor, user: CurrentUser): Promise<{ url: string }> {
  const stripe = await stripeClient()
  const row = await getSubscriptionRow(db, user.id)
  if (!stripe || row?.provider !== 'stripe' || !row.stripe_customer_id) return { url: MANAGE_PATH }
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer: row.stripe_customer_id,
      return_url: siteUrl('/operator-dashboard'),
    })
    return { url: session.url }
  } catch (error) {
    throw providerError(PORTAL_FAILED, error)
  }
}
