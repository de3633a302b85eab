import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { AddEhrInput } from '@server/features/smart/smart.schemas'
import type { smartEhrAddedSchema, smartEhrListSchema, smartEhrSchema } from '@server/features/smart/smart.schemas'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'

export type SmartEhrList = z.infer<typeof smartEhrListSchema>
export type SmartEhr = z.infer<typeof smartEhrSchema>

/** The EHRs registered for SMART App Launch, with the launch and redirect URLs to give them. */
export const smartEhrsQuery = () => queryOptions({ queryKey: queryKeys.admin.smartEhrs, queryFn: () => api<SmartEhrList>('/admin/smart-ehrs') })

export function useAddEhr() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AddEhrInput) => api<z.infer<typeof smartEhrAddedSchema>>('/admin/smart-ehrs', { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  })
}

export function useRemoveEhr() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api<SmartEhr>(`/admin/smart-ehrs/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  })
}
