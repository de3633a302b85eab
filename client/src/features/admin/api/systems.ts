import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { adminSystemSchema, adminSystemsSchema, systemRevokedSchema } from '@server/features/admin/admin.responses'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'

export type AdminSystem = z.infer<typeof adminSystemSchema>

/** The registered systems (SMART Backend Services) and their FHIR Subscriptions. */
export const systemsQuery = () => queryOptions({ queryKey: queryKeys.admin.systems, queryFn: () => api<z.infer<typeof adminSystemsSchema>>('/admin/systems') })

export function useRevokeSystem() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (clientId: string) => api<z.infer<typeof systemRevokedSchema>>(`/admin/systems/${encodeURIComponent(clientId)}/revoke`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  })
}
