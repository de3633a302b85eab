import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { updatedCountSchema } from '@server/lib/openapi'

/** Marks the given notifications read, or all of them. */
export const markNotificationsRead = (ids?: string[]) =>
  api<z.infer<typeof updatedCountSchema>>('/notifications/read', { method: 'POST', body: ids ? { ids } : {} })

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: markNotificationsRead, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }) })
}
