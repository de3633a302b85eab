import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CloseReferralInput } from '@server/features/referrals/responses.schemas'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { referralAnswerSchema } from '@server/features/referrals/referrals.responses'

/** Closes a referral with an outcome; refused (409) while an escrow payment is open. */
export const closeReferral = ({ id, ...body }: { id: string } & CloseReferralInput) =>
  api<z.infer<typeof referralAnswerSchema>>(`/referrals/${encodeURIComponent(id)}/close`, { method: 'POST', body })

/** The referrer's lists and counts are fetched again (not awaited). */
export function useCloseReferral() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: closeReferral, onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.referrals.all }) })
}
