import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { invitationAcceptedSchema } from '@server/features/invitations/invitations.responses'

export const acceptInvitation = (id: string) => api<z.infer<typeof invitationAcceptedSchema>>(`/invitations/${encodeURIComponent(id)}/accept`, { method: 'POST' })

/** Answered or refused, the invitation list and the operator's marketplace are fetched again; awaited, so the button stays busy until they are. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptInvitation,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.invitations.mine }), queryClient.invalidateQueries({ queryKey: queryKeys.marketplace.all })]),
  })
}
