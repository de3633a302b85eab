import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'

/** Marks the given notifications read, or all of them. */
export const markNotificationsRead = (ids?: string[]) =>
  api<{ updated: number }>('/notifications/read', { method: 'POST', body: ids ? { ids } : {} })

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: markNotificationsRead, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }) })
}
