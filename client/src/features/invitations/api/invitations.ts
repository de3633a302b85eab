import { queryOptions } from '@tanstack/react-query'
import type { listMyInvitations } from '@server/features/invitations/list-my-invitations'
import type { DeclineInput } from '@server/features/referrals/responses.schemas'
import type { InvitationInput } from '@server/features/invitations/invitations.schemas'
import { api } from '../../../lib/api'

export const inviteOperatorCall = (body: InvitationInput) =>
  api<{ existing: boolean }>('/invitations', { method: 'POST', body })

export type MyInvitation = ReturnType<typeof listMyInvitations>[number]
export const MY_INVITATIONS_KEY = ['invitations', 'mine'] as const

/** The signed-in operator's invitations (issue 15), pending first. */
export const myInvitationsQuery = queryOptions({
  queryKey: MY_INVITATIONS_KEY,
  queryFn: () => api<{ items: MyInvitation[] }>('/my/invitations'),
})

const path = (id: string, action: 'accept' | 'decline') => `/invitations/${encodeURIComponent(id)}/${action}`
export const acceptInvitation = (id: string) => api<{ status: 'accepted' }>(path(id, 'accept'), { method: 'POST' })
export const declineInvitation = (id: string, body: DeclineInput) => api<{ status: 'declined' }>(path(id, 'decline'), { method: 'POST', body })
