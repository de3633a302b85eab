import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { sessionsSchema } from '@server/features/accounts/accounts.responses'

export type SessionItem = z.infer<typeof sessionsSchema>['items'][number]

/** The signed-in user's sessions. The account writes have a file each beside this one. */
export const sessionsQuery = queryOptions({
  queryKey: queryKeys.sessions,
  queryFn: () => api<z.infer<typeof sessionsSchema>>('/auth/sessions'),
})
