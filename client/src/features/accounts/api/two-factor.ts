import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { meQuery } from '../../auth/api/me'

/*
 * Two-factor enrolment and removal: setup → enable (with a first code), or
 * disable (password and code). One file for the three steps of one flow;
 * enabling and disabling change /api/me's two_factor state.
 */
export const beginTwoFactor = () => api<{ secret: string; otpauth_uri: string }>('/auth/2fa/setup', { method: 'POST' })
export const enableTwoFactor = (code: string) => api<{ recovery_codes: string[] }>('/auth/2fa/enable', { method: 'POST', body: { code } })
export const disableTwoFactor = ({ password, code }: { password: string; code: string }) =>
  api<{ disabled: true }>('/auth/2fa/disable', { method: 'POST', body: { password, code } })

export const useBeginTwoFactor = () => useMutation({ mutationFn: beginTwoFactor })

function useMeMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey }) })
}
export const useEnableTwoFactor = () => useMeMutation(enableTwoFactor)
export const useDisableTwoFactor = () => useMeMutation(disableTwoFactor)
