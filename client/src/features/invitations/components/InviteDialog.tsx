import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import { toast } from '../../../lib/toast'
import { INVITE_MESSAGE_MAX, SELECT_REFERRAL } from '@server/features/invitations/invitations.schemas'
import { Badge } from '../../../components/ui/badge'
import { Button, buttonClass } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Textarea } from '../../../components/ui/input'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api'
import { personName, shortDate } from '../../../lib/format'
import { myReferralsQuery } from '../../referrals'
import { useInviteOperator } from '../api/invite-operator'

/**
 * 'Invite {operator} to a Referral': the signed-in user's active
 * referrals (pending, matched, reviewing; newest first) and an optional
 * message. The server checks ownership and the operator's plan.
 */
export function InviteDialog({
  operator,
  open,
  onOpenChange,
}: {
  operator: { id: string; name: string }
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const referrals = useQuery({ ...myReferralsQuery({ active: true }), enabled: open })
  const [selected, setSelected] = useState<string | null>(null)
  const [message, setMessage] = useState('')
  const [error, setError] = useState<string | null>(null)
  const invite = useInviteOperator()
  const sending = invite.isPending
  const groupId = useId()

  useEffect(() => {
    if (referrals.isError) toast.error('Failed to load your referrals')
  }, [referrals.isError])

  const close = () => {
    setSelected(null)
    setMessage('')
    setError(null)
    onOpenChange(false)
  }

  const send = async () => {
    if (!selected) {
      setError(SELECT_REFERRAL)
      toast.error(SELECT_REFERRAL)
      return
    }
    try {
      const result = await invite.mutateAsync({ referral_id: selected, operator_id: operator.id, message })
      if (result.existing) toast.info('Already Invited', { description: "You've already connected with this operator about this referral" })
      else toast.success('Invitation Sent!', { description: `${operator.name} can now view this referral and message you.` })
      close()
    } catch (e) {
      toast.error(errorMessage(e, 'Failed to send invitation'))
    }
  }

  const items = referrals.data?.items ?? []
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} title={`Invite ${operator.name} to a Referral`}>
      {referrals.isPending ? (
        <Spinner label="Loading your referrals..." />
      ) : items.length === 0 ? (
        <div className="space-y-4 text-center">
          <p className="text-slate-700">You don't have any active referrals.</p>
          <Link to="/submit-referral" className={buttonClass({})}>
            Submit a Referral
          </Link>
        </div>
      ) : (
        <div className="space-y-4">
          <fieldset aria-describedby={error ? `${groupId}-error` : undefined}>
            <legend className="mb-2 text-sm font-medium text-slate-800">Choose a referral</legend>
            <div className="max-h-64 space-y-2 overflow-y-auto">
              {items.map((r) => (
                <label
                  key={r.id}
                  className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name={groupId}
                    value={r.id}
                    checked={selected === r.id}
                    onChange={() => {
                      setSelected(r.id)
                      setError(null)
                    }}
                    className="mt-1 accent-brand-700"
                  />
                  <span className="flex-1">
                    <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      {personName(r.client_first_name, r.client_last_name)}
                      <Badge tone={r.status === 'matched' ? 'blue' : r.status === 'pending' ? 'yellow' : 'gray'}>{r.status}</Badge>
                    </span>
                    <span className="block text-sm text-slate-600">
                      {r.preferred_state}
                      {r.preferred_cities.length ? ` · ${r.preferred_cities.join(', ')}` : ''} · {r.budget_range} · {shortDate(r.created_at)}
                    </span>
                  </span>
                </label>
              ))}
            </div>
            <p id={`${groupId}-error`} role="alert" className={error ? 'mt-1 text-sm text-red-700' : 'sr-only'}>
              {error ?? ''}
            </p>
          </fieldset>
          <Field label="Message (optional)" hint={`${message.length}/${INVITE_MESSAGE_MAX}`}>
            <Textarea rows={3} maxLength={INVITE_MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button onClick={send} disabled={sending}>
              {sending ? 'Sending...' : 'Send Invitation'}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  )
}
