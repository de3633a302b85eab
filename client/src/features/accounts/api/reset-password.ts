import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { meQuery, type Me } from '../../auth'

export const resetPassword = ({ token, password }: { token: string; password: string }) =>
  api<Me | { two_factor_required: true }>('/auth/reset-password', { method: 'POST', body: { token, password } })

/** A reset signs this browser in (and every other session out): /api/me is fetched again. */
export function useResetPassword() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: resetPassword, onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey }) })
}
