import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DeclineInput } from '@server/features/referrals/responses.schemas'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { declinedSchema } from '@server/features/marketplace/marketplace.responses'

/** "Not a fit" with a reason: the referral leaves this operator's list. */
export const declineReferral = ({ id, input }: { id: string; input: DeclineInput }) =>
  api<z.infer<typeof declinedSchema>>(`/referrals/${encodeURIComponent(id)}/decline`, { method: 'POST', body: input })

export function useDeclineReferral() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: declineReferral, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.marketplace.all }) })
}
