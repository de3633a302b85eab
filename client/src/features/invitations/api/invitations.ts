import { queryOptions } from '@tanstack/react-query'
import type { listMyInvitations } from '@server/features/invitations/list-my-invitations'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'

export type MyInvitation = Awaited<ReturnType<typeof listMyInvitations>>[number]

/** The signed-in operator's invitations (issue 15), pending first. */
export const myInvitationsQuery = queryOptions({
  queryKey: queryKeys.invitations.mine,
  queryFn: () => api<{ items: MyInvitation[] }>('/my/invitations'),
})
