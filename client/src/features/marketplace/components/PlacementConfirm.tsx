import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { toast } from '../../../lib/toast'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { errorMessage } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { messageTime } from '../../../lib/format'
import { useConfirmPlacement } from '../api/confirm-placement'
import { referralEscrowQuery, type EscrowView, type PlacementOutcome } from '../api/marketplace'
import { REFERRAL_PAYMENT_POLICY } from '../../../lib/referrer-payment'

const ANSWER = { placed: 'Placed', not_placed: 'Not placed' } as const
const answerText = (a: string | null, home?: string) =>
  a === 'placed' && home ? `Placed at ${home}` : a ? (ANSWER[a as keyof typeof ANSWER] ?? a) : 'No answer yet'

const OUTCOME_TOAST: Record<PlacementOutcome, string> = {
  released: 'Placement confirmed. The escrow was released to the referrer.',
  refunded: 'Both sides confirmed there was no placement. The unlock fee was refunded.',
  declined: 'Placement confirmed. You declined the payment: the fee goes back to the operator.',
  disagreement: 'Your answer differs from the other side. An admin will review the escrow.',
  awaiting: 'Your answer was recorded. Waiting for the other side to confirm.',
}
/** The referrer reads the release as what it is for them. */
const outcomeToast = (role: 'referrer' | 'operator', outcome: PlacementOutcome) =>
  role === 'referrer' && outcome === 'released'
    ? 'Placement confirmed. The fee held in escrow was released to you.'
    : role === 'operator' && outcome === 'declined'
      ? 'Placement confirmed. The referrer declined the payment: the unlock fee is refunded to you.'
      : OUTCOME_TOAST[outcome]

/** What the two answers do with the fee, said to the side that reads it. */
function feeRules(role: 'referrer' | 'operator', escrow: EscrowView, declining = escrow.referrer_declined_payment) {
  const { amount, operator_name: operator } = escrow
  if (role === 'referrer') {
    return {
      placed: declining
        ? `When you and ${operator} both confirm the placement, the ${amount} fee held in escrow goes back to ${operator}: you declined the payment.`
        : `When you and ${operator} both confirm the placement, the ${amount} fee held in escrow is released to you.`,
      notPlaced: `When you and ${operator} both say there was no placement, the ${amount} fee is refunded to ${operator} at once and your referral opens to the next home in line.`,
    }
  }
  return {
    placed: declining
      ? `When you and the referrer both confirm the placement, the ${amount} unlock fee is refunded to you: the referrer declined the payment.`
      : `When you and the referrer both confirm the placement, the ${amount} unlock fee held in escrow is released to the referrer.`,
    notPlaced: `When you and the referrer both say there was no placement, the ${amount} unlock fee is refunded to you at once and the referral opens to the next operator in line.`,
  }
}

/**
 * "Was the client placed?" for the two people who decide an escrow: the
 * referrer and the operator who paid. Reusable: give it a referral id; it
 * loads the escrow and works out which side the viewer confirms for. Either
 * side may name the home (one of the paying operator's) where the client
 * moved in. Renders nothing for anyone else, or when nothing was ever in escrow.
 */
export function PlacementConfirm({ referralId, className }: { referralId: string; className?: string }) {
  const escrow = useQuery({ ...referralEscrowQuery(referralId), retry: false })
  const [pending, setPending] = useState<null | boolean>(null)
  const [chosen, setChosen] = useState<string | null>(null)
  // The referrer's choice to decline the payment; until she changes it, her recorded one.
  const [declineChoice, setDeclineChoice] = useState<boolean | null>(null)
  // A second click before the first answer returns sends nothing (the server also keeps one answer).
  const sending = useRef(false)
  const answer = useConfirmPlacement()
  const data = escrow.data?.escrow
  const role = escrow.data?.role
  const homes = data?.operator_homes ?? []
  const home = chosen ?? data?.placed_home?.id ?? (homes.length === 1 ? homes[0]!.id : '')
  const declining = declineChoice ?? data?.referrer_declined_payment ?? false
  const send = (placed: boolean) => {
    if (sending.current) return
    sending.current = true
    answer.mutate(
      { referralId, placed, property_id: placed && home ? home : null, ...(role === 'referrer' && placed ? { decline_payment: declining } : {}) },
      {
        onSuccess: (result) => toast.success(outcomeToast(role ?? 'operator', result.outcome)),
        onError: (error) => toast.error(errorMessage(error, 'Failed to confirm placement')),
        onSettled: () => {
          sending.current = false
          setPending(null)
        },
      },
    )
  }

  if (!data || !role) return null
  const mine = role === 'referrer' ? data.referrer_confirmation : data.operator_confirmation
  const theirs = role === 'referrer' ? data.operator_confirmation : data.referrer_confirmation
  const other = role === 'referrer' ? data.operator_name : 'Referrer'
  const rules = feeRules(role, data, role === 'referrer' ? declining : data.referrer_declined_payment)

  return (
    <section aria-label="Placement confirmation" className={cn('rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm', className)}>
      <EscrowStatus escrow={data} role={role} />
      {data.status === 'held_in_escrow' && (
        <>
          <p className="mt-3 font-medium text-slate-900">Was the client placed?</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700">
            <dt>Your answer:</dt>
            <dd className="font-medium">{answerText(mine, data.placed_home?.name)}</dd>
            <dt>{other}:</dt>
            <dd className="font-medium">{answerText(theirs, data.placed_home?.name)}</dd>
          </dl>
          <ul className="mt-2 list-inside list-disc space-y-0.5 text-slate-600" aria-label="What happens to the fee">
            <li>{rules.placed}</li>
            <li>{rules.notPlaced}</li>
            <li>If your answers differ, or one is missing when the hold ends, an admin releases or refunds it.</li>
          </ul>
          {homes.length > 1 && (
            <label className="mt-3 block">
              <span className="block text-slate-700">Home where the client moved in</span>
              <select className="mt-1 h-9 w-full rounded-md border border-slate-300 bg-white px-2" value={home} onChange={(e) => setChosen(e.target.value)}>
                <option value="">Choose a home</option>
                {homes.map((h) => (
                  <option key={h.id} value={h.id}>
                    {h.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {role === 'referrer' && (
            <label className="mt-3 flex items-start gap-2 text-slate-700">
              <input type="checkbox" className="mt-1 h-4 w-4" checked={declining} onChange={(e) => setDeclineChoice(e.target.checked)} />
              <span>
                Decline the payment: the fee goes back to {data.operator_name}. {REFERRAL_PAYMENT_POLICY}
              </span>
            </label>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => setPending(true)}
              disabled={answer.isPending || (mine === 'placed' && home === (data.placed_home?.id ?? home) && declining === data.referrer_declined_payment)}
            >
              Confirm Placement
            </Button>
            <Button size="sm" variant="outline" onClick={() => setPending(false)} disabled={answer.isPending || mine === 'not_placed'}>
              Not Placed
            </Button>
          </div>
          <ConfirmDialog
            open={pending !== null}
            onOpenChange={(open) => !open && setPending(null)}
            title={pending ? 'Confirm the placement?' : 'Confirm there was no placement?'}
            description={pending ? rules.placed : rules.notPlaced}
            confirmLabel={pending ? 'Confirm Placement' : 'Not Placed'}
            busy={answer.isPending}
            onConfirm={() => pending !== null && send(pending)}
          />
        </>
      )}
    </section>
  )
}

function EscrowStatus({ escrow, role }: { escrow: EscrowView; role: 'referrer' | 'operator' }) {
  const referrer = role === 'referrer' ? 'you' : 'the referrer'
  if (escrow.status === 'released_to_referrer') {
    return (
      <p>
        <Badge tone="green">Released</Badge> <span className="ml-1">The {escrow.amount} fee was released to {referrer}.</span>
      </p>
    )
  }
  if (escrow.status === 'refunded' && escrow.referrer_declined_payment && escrow.referrer_confirmation === 'placed' && escrow.operator_confirmation === 'placed') {
    return (
      <p>
        <Badge tone="gray">Refunded</Badge>{' '}
        <span className="ml-1">
          {role === 'referrer'
            ? `Placed. You declined the payment: the ${escrow.amount} fee went back to ${escrow.operator_name}.`
            : `Placed. The referrer declined the payment: the ${escrow.amount} fee was refunded to you.`}
        </span>
      </p>
    )
  }
  if (escrow.status === 'refunded') {
    return (
      <p>
        <Badge tone="gray">Refunded</Badge>{' '}
        <span className="ml-1">
          {role === 'referrer'
            ? `The ${escrow.amount} fee was refunded to ${escrow.operator_name}. Your referral is open to other homes again.`
            : `The ${escrow.amount} fee was refunded to you.`}
        </span>
      </p>
    )
  }
  return (
    <p className="text-slate-700">
      <Badge tone={escrow.escrow_expired_at ? 'red' : 'amber'}>{escrow.escrow_expired_at ? 'Hold ended' : 'In escrow'}</Badge>
      <span className="ml-2">
        {escrow.amount} held{escrow.escrow_hold_until ? ` until ${messageTime(escrow.escrow_hold_until)}` : ''}
        {escrow.escrow_expired_at ? '; an admin will release or refund it.' : '.'}
      </span>
    </p>
  )
}
