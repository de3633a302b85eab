import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  adminPayoutsSchema,
  myPayoutDetailsSchema,
  myPayoutsSchema,
  payeeSchema,
  payoutDetailsSchema,
  payoutRecordedSchema,
} from '@server/features/payouts/payouts.responses'
import type { PayoutDetailsInput, RecordPayoutInput } from '@server/features/payouts/payouts.schemas'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'

export type Payout = z.infer<typeof myPayoutsSchema>['items'][number]
export type AdminPayout = z.infer<typeof adminPayoutsSchema>['items'][number]
export type PayoutDetails = z.infer<typeof payoutDetailsSchema>

export const myPayoutDetailsQuery = queryOptions({
  queryKey: queryKeys.payouts.details,
  queryFn: () => api<z.infer<typeof myPayoutDetailsSchema>>('/me/payout-details'),
})

export const myPayoutsQuery = queryOptions({
  queryKey: queryKeys.payouts.mine,
  queryFn: () => api<z.infer<typeof myPayoutsSchema>>('/me/payouts'),
})

export const adminPayoutsQuery = (status: 'owed' | 'paid') =>
  queryOptions({
    queryKey: queryKeys.payouts.admin(status),
    queryFn: async () => (await api<z.infer<typeof adminPayoutsSchema>>('/admin/payouts', { query: { status: status === 'owed' ? undefined : status } })).items,
  })

/** The payee's details for one payout: each read is audited on the server, so it is asked only when the admin opens the form. */
export const payeeQuery = (payoutId: string) =>
  queryOptions({
    queryKey: queryKeys.payouts.payee(payoutId),
    queryFn: () => api<z.infer<typeof payeeSchema>>(`/admin/payouts/${encodeURIComponent(payoutId)}/payee`),
    staleTime: Number.POSITIVE_INFINITY,
  })

/** Saves her payout details; her payouts' states (waiting for details / scheduled) follow. */
export function useSavePayoutDetails() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: PayoutDetailsInput) => api<PayoutDetails>('/me/payout-details', { method: 'PUT', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.payouts.all }),
  })
}

/**
 * Records an owed payout as paid. The admin dashboard is fetched again and
 * awaited: the form closes once the payout has left the owed list, so focus
 * can go to a place that is still there.
 */
export function useRecordPayout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ payoutId, ...body }: RecordPayoutInput & { payoutId: string }) =>
      api<z.infer<typeof payoutRecordedSchema>>(`/admin/payouts/${encodeURIComponent(payoutId)}/record`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  })
}
