import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { myInvitationsSchema } from '@server/features/invitations/invitations.responses'

export type MyInvitation = z.infer<typeof myInvitationsSchema>['items'][number]

/** The signed-in operator's invitations, pending first. */
export const myInvitationsQuery = queryOptions({
  queryKey: queryKeys.invitations.mine,
  queryFn: () => api<z.infer<typeof myInvitationsSchema>>('/my/invitations'),
})
