import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'

export const sendReviewRequest = (referralId: string) =>
  api<{ ok: true }>(`/admin/referrals/${encodeURIComponent(referralId)}/review-request`, { method: 'POST' })

/** The request is an e-mail: the outbox is fetched again (not awaited). */
export function useSendReviewRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendReviewRequest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.outbox }),
  })
}
