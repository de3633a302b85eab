import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { sessionsQuery } from './security'

export const revokeOtherSessions = () => api<{ ok: true }>('/auth/sessions/revoke-others', { method: 'POST' })

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: revokeOtherSessions, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }) })
}
