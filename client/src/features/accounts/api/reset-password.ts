import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { meQuery } from '../../auth'
import type { z } from 'zod'
import type { signedInSchema } from '@server/features/accounts/me.responses'

export const resetPassword = ({ token, password }: { token: string; password: string }) =>
  api<z.infer<typeof signedInSchema>>('/auth/reset-password', { method: 'POST', body: { token, password } })

/** A reset signs this browser in (and every other session out): /api/me is fetched again. */
export function useResetPassword() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: resetPassword, onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey }) })
}
