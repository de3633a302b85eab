import type { NavigateFunction } from 'react-router'

/**
 * After a premium sign-up, checkout starts in the same tab. Until billing
 * exists the operator lands on the dashboard, where the status card offers the upgrade.
 */
export async function startPremiumCheckout(navigate: NavigateFunction) {
  navigate('/operator-dashboard', { replace: true })
}
