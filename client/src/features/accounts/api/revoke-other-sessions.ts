import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { sessionsQuery } from './security'
import type { z } from 'zod'
import type { okSchema } from '@server/lib/openapi'

export const revokeOtherSessions = () => api<z.infer<typeof okSchema>>('/auth/sessions/revoke-others', { method: 'POST' })

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: revokeOtherSessions, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }) })
}
