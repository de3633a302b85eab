import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { meQuery } from '../../auth'

export const verifyEmail = (token: string) => api<{ verified: true }>('/auth/verify-email', { method: 'POST', body: { token } })

/** A confirmed address lifts the limits of unverified accounts: /api/me is fetched again. */
export function useVerifyEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifyEmail,
    // Not returned: the page says "confirmed" at once, as before, while /api/me reloads.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
  })
}
