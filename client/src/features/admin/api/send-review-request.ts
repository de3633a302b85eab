import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { okSchema } from '@server/lib/openapi'

export const sendReviewRequest = (referralId: string) =>
  api<z.infer<typeof okSchema>>(`/admin/referrals/${encodeURIComponent(referralId)}/review-request`, { method: 'POST' })

/** The request is an e-mail: the outbox is fetched again (not awaited). */
export function useSendReviewRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendReviewRequest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.outbox }),
  })
}
