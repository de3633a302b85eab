import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'

export const acceptInvitation = (id: string) => api<{ status: 'accepted' }>(`/invitations/${encodeURIComponent(id)}/accept`, { method: 'POST' })

/** Answered or refused, the invitation list and the operator's marketplace are fetched again; awaited, so the button stays busy until they are. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptInvitation,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.invitations.mine }), queryClient.invalidateQueries({ queryKey: queryKeys.marketplace.all })]),
  })
}
