import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { manageQuery, type ManageView } from './billing'

export const cancelSubscriptionRequest = () => api<{ message: string; manage: ManageView }>('/billing/cancel', { method: 'POST' })

/** The answer carries the new manage view: it replaces the cached one, no refetch needed. */
export function useCancelSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelSubscriptionRequest,
    onSuccess: (result) => queryClient.setQueryData(manageQuery.queryKey, result.manage),
  })
}
