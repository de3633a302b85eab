import { queryOptions } from '@tanstack/react-query'
import type { listMyInvitations } from '@server/features/invitations/list-my-invitations'
import { api } from '../../../lib/api'

export type MyInvitation = Awaited<ReturnType<typeof listMyInvitations>>[number]
export const MY_INVITATIONS_KEY = ['invitations', 'mine'] as const

/** The signed-in operator's invitations (issue 15), pending first. */
export const myInvitationsQuery = queryOptions({
  queryKey: MY_INVITATIONS_KEY,
  queryFn: () => api<{ items: MyInvitation[] }>('/my/invitations'),
})
