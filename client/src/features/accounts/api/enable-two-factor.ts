import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { meQuery } from '../../auth'
import type { z } from 'zod'
import type { recoveryCodesSchema } from '@server/features/accounts/accounts.responses'

/** Step 2 of enrolment: the first code turns two-factor sign-in on; the answer carries the recovery codes. */
export const enableTwoFactor = (code: string) => api<z.infer<typeof recoveryCodesSchema>>('/auth/2fa/enable', { method: 'POST', body: { code } })

/** /api/me carries the two-factor state. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: enableTwoFactor, onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey }) })
}
