import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { referralAnswerSchema } from '@server/features/referrals/referrals.responses'

/** A referrer cancels their own referral. */
export const cancelReferral = (id: string) => api<z.infer<typeof referralAnswerSchema>>(`/referrals/${encodeURIComponent(id)}/cancel`, { method: 'POST' })

/** The referrer's lists and counts are fetched again (not awaited). */
export function useCancelReferral() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: cancelReferral, onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.referrals.all }) })
}
