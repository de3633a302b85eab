import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { meQuery } from '../../auth'
import type { z } from 'zod'
import type { emailVerifiedSchema } from '@server/features/accounts/accounts.responses'

export const verifyEmail = (token: string) => api<z.infer<typeof emailVerifiedSchema>>('/auth/verify-email', { method: 'POST', body: { token } })

/** A confirmed address lifts the limits of unverified accounts: /api/me is fetched again. */
export function useVerifyEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifyEmail,
    // Not returned: the page says "confirmed" at once, as before, while /api/me reloads.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
  })
}
