import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { manageViewSchema, offlineCheckoutSchema } from '@server/features/billing/billing.responses'

/** Billing calls, shared by the actions, the pages and their invalidation. */

export const manageQuery = queryOptions({
  queryKey: queryKeys.billing.manage,
  queryFn: () => api<ManageView>('/billing/manage'),
})

export const offlineCheckoutQuery = (kind: string, id: string) =>
  queryOptions({
    queryKey: queryKeys.billing.offline(kind, id),
    queryFn: () => api<OfflineCheckout>(`/pay/offline/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`),
    retry: false,
    retryOnMount: false,
  })

/** Where the offline page goes after completing a checkout of each kind. */
export const afterOfflineCheckout = (kind: string, action: 'complete' | 'cancel') => {
  if (kind === 'subscription') return action === 'complete' ? '/subscription-success?session_id=offline' : '/pricing'
  if (kind === 'unlock') return '/browse-referrals'
  return '/'
}

export type ManageView = z.infer<typeof manageViewSchema>
export type OfflineCheckout = z.infer<typeof offlineCheckoutSchema>
