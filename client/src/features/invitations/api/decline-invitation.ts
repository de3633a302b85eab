import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DeclineInput } from '@server/features/referrals/responses.schemas'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { invitationDeclinedSchema } from '@server/features/invitations/invitations.responses'

export const declineInvitation = ({ id, input }: { id: string; input: DeclineInput }) =>
  api<z.infer<typeof invitationDeclinedSchema>>(`/invitations/${encodeURIComponent(id)}/decline`, { method: 'POST', body: input })

/** The invitation leaves the operator's list and the referral their marketplace. */
export function useDeclineInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: declineInvitation,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.invitations.mine }), queryClient.invalidateQueries({ queryKey: queryKeys.marketplace.all })]),
  })
}
