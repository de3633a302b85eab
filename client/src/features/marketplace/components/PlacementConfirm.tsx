import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '../../../lib/toast'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { api, errorMessage } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { messageTime } from '../../../lib/format'
import { useConfirmPlacement } from '../api/confirm-placement'
import { referralEscrowQuery, type EscrowView, type PlacementOutcome } from '../api/marketplace'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { ownPropertiesSchema } from '@server/features/properties/properties.responses'

const ANSWER = { placed: 'Placed', not_placed: 'Not placed' } as const
const answerText = (a: string | null) => (a ? ANSWER[a as keyof typeof ANSWER] ?? a : 'No answer yet')

const OUTCOME_TOAST: Record<PlacementOutcome, string> = {
  released: 'Placement confirmed. The escrow was released to the referrer.',
  refunded: 'Both sides confirmed there was no placement. The unlock fee was refunded.',
  disagreement: 'Your answer differs from the other side. An admin will review the escrow.',
  awaiting: 'Your answer was recorded. Waiting for the other side to confirm.',
}

/**
 * "Was the client placed?" for the two people who decide an escrow: the
 * referrer and the operator who paid. Reusable: give
 * it a referral id; it loads the escrow and works out which side the viewer
 * confirms for. Renders nothing for anyone else, or when nothing is in escrow.
 */
export function PlacementConfirm({ referralId, className }: { referralId: string; className?: string }) {
  const escrow = useQuery({ ...referralEscrowQuery(referralId), retry: false })
  const [pending, setPending] = useState<null | boolean>(null)
  const [home, setHome] = useState('')
  const role = escrow.data?.role
  const homes = useQuery({
    queryKey: queryKeys.marketplace.myHomes,
    queryFn: () => api<z.infer<typeof ownPropertiesSchema>>('/my/properties'),
    enabled: role === 'operator' && escrow.data?.escrow?.status === 'held_in_escrow',
    select: (d) => d.items.filter((h) => h.is_active),
  })
  const answer = useConfirmPlacement()
  const send = (placed: boolean) =>
    answer.mutate(
      { referralId, placed, property_id: placed && home ? home : null },
      {
        onSuccess: (result) => toast.success(OUTCOME_TOAST[result.outcome]),
        onError: (error) => toast.error(errorMessage(error, 'Failed to confirm placement')),
        onSettled: () => setPending(null),
      },
    )

  const data = escrow.data?.escrow
  if (!data || !role) return null
  const mine = role === 'referrer' ? data.referrer_confirmation : data.operator_confirmation
  const theirs = role === 'referrer' ? data.operator_confirmation : data.referrer_confirmation
  const other = role === 'referrer' ? data.operator_name : 'Referrer'

  return (
    <section aria-label="Placement confirmation" className={cn('rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm', className)}>
      <EscrowStatus escrow={data} />
      {data.status === 'held_in_escrow' && (
        <>
          <p className="mt-3 font-medium text-slate-900">Was the client placed?</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700">
            <dt>Your answer:</dt>
            <dd className="font-medium">{answerText(mine)}</dd>
            <dt>{other}:</dt>
            <dd className="font-medium">{answerText(theirs)}</dd>
          </dl>
          {role === 'operator' && (homes.data?.length ?? 0) > 1 && (
            <label className="mt-3 block">
              <span className="block text-slate-700">Home where the client moved in</span>
              <select
                className="mt-1 h-9 w-full rounded-md border border-slate-300 bg-white px-2"
                value={home}
                onChange={(e) => setHome(e.target.value)}
              >
                <option value="">Choose a home</option>
                {homes.data!.map((h) => (
                  <option key={h.id} value={h.id}>
                    {h.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" onClick={() => setPending(true)} disabled={answer.isPending || mine === 'placed'}>
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
            description={
              pending
                ? 'When both sides confirm the placement, the unlock fee held in escrow is released to the referrer.'
                : 'When both sides confirm there was no placement, the unlock fee is refunded to the operator and the referral opens to the next operator in line.'
            }
            confirmLabel={pending ? 'Confirm Placement' : 'Not Placed'}
            busy={answer.isPending}
            onConfirm={() => pending !== null && send(pending)}
          />
        </>
      )}
    </section>
  )
}

function EscrowStatus({ escrow }: { escrow: EscrowView }) {
  if (escrow.status === 'released_to_referrer') {
    return (
      <p>
        <Badge tone="green">Released</Badge> <span className="ml-1">The {escrow.amount} fee was released to the referrer.</span>
      </p>
    )
  }
  if (escrow.status === 'refunded') {
    return (
      <p>
        <Badge tone="gray">Refunded</Badge> <span className="ml-1">The {escrow.amount} fee was refunded to the operator.</span>
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
