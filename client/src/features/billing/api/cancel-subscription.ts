import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { manageQuery } from './billing'
import type { z } from 'zod'
import type { subscriptionCancelledSchema } from '@server/features/billing/billing.responses'

export const cancelSubscriptionRequest = () => api<z.infer<typeof subscriptionCancelledSchema>>('/billing/cancel', { method: 'POST' })

/** The answer carries the new manage view: it replaces the cached one, no refetch needed. */
export function useCancelSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelSubscriptionRequest,
    onSuccess: (result) => queryClient.setQueryData(manageQuery.queryKey, result.manage),
  })
}
