import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { meOrSignedOutSchema, meSchema } from '@server/features/accounts/me.responses'

/** The signed-in user's /api/me. */
export type Me = z.infer<typeof meSchema>
export type Role = Me['role']

/** GET /api/me, shared by the auth provider, loaders and invalidation after sign-in/out. */
export const meQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: () => api<z.infer<typeof meOrSignedOutSchema>>('/me'),
  staleTime: 60_000,
})
