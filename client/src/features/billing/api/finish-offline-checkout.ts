import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'

type Variables = { kind: string; id: string; action: 'complete' | 'cancel' }

export const finishOfflineCheckout = ({ kind, id, action }: Variables) =>
  api<{ ok: true; kind: string; id: string }>(`/pay/offline/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
  })

/** What was paid for changes what other pages show (plan, unlocked referrals): everything but config and /api/me is fetched again. */
export function useFinishOfflineCheckout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: finishOfflineCheckout,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'config' && q.queryKey[0] !== 'me' }),
  })
}
