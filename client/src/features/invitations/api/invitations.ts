import type { InvitationInput } from '../../../../../server/features/invitations/invitations.schemas'
import { api } from '../../../lib/api'

export const inviteOperatorCall = (body: InvitationInput) =>
  api<{ existing: boolean }>('/invitations', { method: 'POST', body })
