import { toast } from 'sonner'

/**
 * Upgrade and manage-subscription actions of the status card and the pricing
 * page. Until billing lands the plan cannot be changed from the app.
 */
export function useBillingActions() {
  return {
    upgrade: async () => {
      toast.info('Plan changes are not available yet')
    },
    manage: async () => {
      toast.info('Plan changes are not available yet')
    },
    busy: false,
  }
}
