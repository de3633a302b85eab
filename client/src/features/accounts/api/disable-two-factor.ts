import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { meQuery } from '../../auth'
import type { z } from 'zod'
import type { twoFactorDisabledSchema } from '@server/features/accounts/accounts.responses'

/** Turns two-factor sign-in off (password and a current code). */
export const disableTwoFactor = ({ password, code }: { password: string; code: string }) =>
  api<z.infer<typeof twoFactorDisabledSchema>>('/auth/2fa/disable', { method: 'POST', body: { password, code } })

/** /api/me carries the two-factor state. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey }) })
}
