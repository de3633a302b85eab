import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'

export type SessionItem = { id: string; device: string; ip_address: string | null; last_seen_at: string; created_at: string; current: boolean }

/** The signed-in user's sessions. The account writes have a file each beside this one. */
export const sessionsQuery = queryOptions({
  queryKey: queryKeys.sessions,
  queryFn: () => api<{ items: SessionItem[] }>('/auth/sessions'),
})
