import { queryOptions } from '@tanstack/react-query'
import type { getMe } from '@server/features/accounts/get-me'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'

export type Me = Awaited<ReturnType<typeof getMe>>
export type Role = Me['role']
type Anonymous = { user: null; roles: []; role: null; is_admin: false; subscription: null }

/** GET /api/me, shared by the auth provider, loaders and invalidation after sign-in/out. */
export const meQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: () => api<Me | Anonymous>('/me'),
  staleTime: 60_000,
})
