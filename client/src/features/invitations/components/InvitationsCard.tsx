import { useQuery } from '@tanstack/react-query'
import { Mail } from 'lucide-react'
import { useState } from 'react'
import { toast } from '../../../lib/toast'
import { US_STATES } from '@server/features/geo/states'
import { ACTIVE_REFERRAL_STATUSES } from '@server/features/referrals/referrals.constants'
import { Badge } from '../../../components/ui/badge'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { errorMessage } from '../../../lib/api'
import { shortDate } from '../../../lib/format'
import { DeclineDialog } from '../../marketplace'
import { useDeclineInvitation } from '../api/decline-invitation'
import { useAcceptInvitation } from '../api/accept-invitation'
import { myInvitationsQuery, type MyInvitation } from '../api/invitations'
import { genderLabel } from '../../../lib/labels'

/** Invitations can only be answered while the referral is open (the server refuses otherwise). */
const OPEN_REFERRAL = new Set<string>(ACTIVE_REFERRAL_STATUSES)

const STATUS = { pending: { label: 'Awaiting your answer', tone: 'amber' }, accepted: { label: 'Accepted', tone: 'green' }, declined: { label: 'Declined', tone: 'gray' } } as const

/** Invitations on the operator dashboard: Accept, or Decline with a reason; the referrer sees the answer. */
export function InvitationsCard() {
  const invitations = useQuery(myInvitationsQuery)
  const items = invitations.data?.items ?? []
  if (items.length === 0) return null
  return (
    <Card className="mt-8" aria-labelledby="invitations-title">
      <CardHeader>
        <CardTitle as="h2" id="invitations-title" className="flex items-center gap-2">
          <Mail className="h-5 w-5" aria-hidden="true" /> Invitations
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200">
          {items.map((i) => (
            <InvitationRow key={i.id} invitation={i} />
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

function InvitationRow({ invitation: i }: { invitation: MyInvitation }) {
  const [declining, setDeclining] = useState(false)
  const decline = useDeclineInvitation()
  const accept = useAcceptInvitation()
  const acceptThis = () =>
    accept.mutate(i.id, {
      onSuccess: () => toast.success('Invitation accepted', { description: 'The referrer sees your answer. You can message them from Messages.' }),
      onError: (e) => toast.error(errorMessage(e, 'Failed to accept the invitation')),
    })
  const where = [i.preferred_cities.join(', '), US_STATES[i.preferred_state] ?? i.preferred_state].filter(Boolean).join(', ')
  const status = STATUS[i.status]
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="invitation">
      <div className="space-y-1 text-sm">
        <p className="font-medium text-slate-900">
          {i.inviter_name} invited you · {i.client_age != null ? `${i.client_age} years old, ` : ''}
          {genderLabel(i.client_gender)} · {where}
        </p>
        {i.message && <p className="text-slate-700">"{i.message}"</p>}
        <p className="text-slate-600">
          Invited {shortDate(i.created_at!)}
          {i.decline_reason_label ? ` · Declined: ${i.decline_reason_label}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={status.tone}>{status.label}</Badge>
        {i.status === 'pending' && !OPEN_REFERRAL.has(i.referral_status) && <Badge tone="gray">Referral closed</Badge>}
        {i.status === 'pending' && OPEN_REFERRAL.has(i.referral_status) && (
          <>
            <Button size="sm" onClick={acceptThis} disabled={accept.isPending}>
              Accept
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDeclining(true)}>
              Decline
            </Button>
          </>
        )}
        {i.status === 'accepted' && (
          <ButtonLink size="sm" variant="outline" to="/operator-dashboard?tab=messages">
            Message referrer
          </ButtonLink>
        )}
      </div>
      <DeclineDialog
        open={declining}
        onOpenChange={setDeclining}
        title="Decline invitation"
        allowAnonymous={false}
        onDecline={async (input) => {
          await decline.mutateAsync({ id: i.id, input })
        }}
      />
    </li>
  )
}
