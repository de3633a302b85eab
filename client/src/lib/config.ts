import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicConfig } from '@server/lib/public-config'
import { api } from './api'
import { queryKeys } from './query-keys'

/** Fees, holds, limits and contact details, from the server's own configuration. */
export const configQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: () => api<PublicConfig>('/config'),
  staleTime: Infinity,
})

export function useConfig() {
  return useQuery(configQuery).data
}

export type { PublicConfig }
