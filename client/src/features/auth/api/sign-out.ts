import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { clearIdentity } from './identity'

export const signOut = () => api<{ ok: true }>('/auth/sign-out', { method: 'POST' })

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: signOut, onSuccess: () => clearIdentity(queryClient) })
}
