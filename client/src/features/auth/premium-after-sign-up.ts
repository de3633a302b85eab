import type { NavigateFunction } from 'react-router'
import { ApiError } from '../../lib/api'

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
