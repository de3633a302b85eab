import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { InvitationInput } from '@server/features/invitations/invitations.schemas'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { invitationSentSchema } from '@server/features/invitations/invitations.responses'

export const inviteOperator = (body: InvitationInput) => api<z.infer<typeof invitationSentSchema>>('/invitations', { method: 'POST', body })

/** An invited operator can see the referral: the referrer's referral views are fetched again. */
export function useInviteOperator() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: inviteOperator, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.referrals.all }) })
}
