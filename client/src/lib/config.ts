import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from './api'
import { queryKeys } from './query-keys'
import type { z } from 'zod'
import type { publicConfigSchema } from '@server/app.responses'

/** Fees, holds, limits and contact details, from the server's own configuration. */
export const configQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: () => api<PublicConfig>('/config'),
  staleTime: Infinity,
})

export function useConfig() {
  return useQuery(configQuery).data
}

export type PublicConfig = z.infer<typeof publicConfigSchema>
