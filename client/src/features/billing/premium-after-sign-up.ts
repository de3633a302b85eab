import type { NavigateFunction } from 'react-router'
import { ApiError } from '../../lib/api'

/**
 * Sign-up sends an operator who chose Premium to /pricing?start=premium, where
 * the pricing page starts the checkout (components/PremiumAfterSignUp.tsx).
 * Sign-up (auth) names the address rather than importing billing, which is
 * above it (ADR 018).
 */
export const PREMIUM_AFTER_SIGN_UP = { param: 'start', value: 'premium' } as const

/**
 * After a premium sign-up, checkout starts in the same tab (Stripe
 * Checkout, or the built-in offline page). Failures are reported with an alert
 * and the operator lands on the dashboard, where the status card offers the upgrade.
 * `startCheckout` is the page's checkout mutation (useStartCheckout).
 */
export async function startPremiumCheckout(navigate: NavigateFunction, startCheckout: () => Promise<{ url: string }>) {
  try {
    const { url } = await startCheckout()
    if (url.startsWith('/') && !url.startsWith('//')) navigate(url, { replace: true })
    else window.location.assign(url)
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      window.alert('Please sign in to complete your premium subscription')
      navigate('/auth', { replace: true })
      return
    }
    window.alert('Failed to start checkout. Please try upgrading from your dashboard.')
    navigate('/operator-dashboard', { replace: true })
  }
}
