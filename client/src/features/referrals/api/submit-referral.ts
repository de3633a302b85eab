import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { meQuery } from '../../auth'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { referralAnswerSchema } from '@server/features/referrals/referrals.responses'

export const submitReferral = (body: Record<string, unknown>) => api<z.infer<typeof referralAnswerSchema>>('/referrals', { method: 'POST', body })

/**
 * The submitter now holds the referrer role (header link) and has a new
 * referral. Not awaited: the page moves on to the dashboard after a pause anyway.
 */
export function useSubmitReferral() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitReferral,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.referrals.all })
      void queryClient.invalidateQueries({ queryKey: meQuery.queryKey })
    },
  })
}
