import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { toast } from '../../../lib/toast'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Textarea } from '../../../components/ui/input'
import { errorMessage } from '../../../lib/api'
import { money } from '../../../lib/format'
import { adminQueries, type EscrowPayment } from '../api/admin-api'
import { useResolveEscrowPayment } from '../api/resolve-escrow-payment'
import { dateTime, TabState, Table, Td, Th, useLoadErrorToast } from './admin-ui'
import { remainingTime } from './remaining-time'

type Action = 'release' | 'refund'
const REASON_REQUIRED = 'A reason is required'

/** The current time, ticking every second (the badges count down live). */
function useNow() {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return now
}

type View = 'held' | 'resolved'
const RESOLUTION: Record<string, { label: string; tone: 'green' | 'blue' }> = {
  released_to_referrer: { label: 'Released to referrer', tone: 'green' },
  refunded: { label: 'Refunded to operator', tone: 'blue' },
}

/**
 * Payments held in escrow, soonest hold end first; release or refund with a
 * reason. The Resolved filter keeps the history: released and refunded
 * payments, with when, by whom and why, so a settled payment stays findable.
 */
export function EscrowTab() {
  const [view, setView] = useState<View>('held')
  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap items-center gap-4 text-sm">
        <legend className="sr-only">Show payments</legend>
        {(
          [
            ['held', 'Held in escrow'],
            ['resolved', 'Resolved (history)'],
          ] as const
        ).map(([value, text]) => (
          <label key={value} className="inline-flex items-center gap-2">
            <input type="radio" name="escrow-view" value={value} checked={view === value} onChange={() => setView(value)} className="h-4 w-4 accent-brand-700" />
            {text}
          </label>
        ))}
      </fieldset>
      {view === 'held' ? <HeldPayments /> : <ResolvedPayments />}
    </div>
  )
}

function HeldPayments() {
  const escrow = useQuery(adminQueries.escrow('held'))
  useLoadErrorToast(escrow.error, 'Failed to load escrow payments')
  const now = useNow()
  const [pending, setPending] = useState<{ payment: EscrowPayment; action: Action } | null>(null)
  const rows = escrow.data ?? []
  return (
    <TabState loading={escrow.isPending} failed={escrow.isError} empty={rows.length === 0} emptyText="No payments are held in escrow.">
      <Table caption="Payments held in escrow, soonest hold end first">
        <thead>
          <tr>
            <Th>Operator</Th>
            <Th>Referral</Th>
            <Th>Amount</Th>
            <Th>Paid</Th>
            <Th>Hold until</Th>
            <Th>Remaining</Th>
            <Th>Actions</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((p) => {
            const left = remainingTime(p.escrow_hold_until, now, p.expired)
            return (
              <tr key={p.id} data-testid={`escrow-${p.id}`}>
                <Td>
                  <p className="font-medium">{p.operator_name}</p>
                  <p className="text-xs text-slate-600">{p.operator_email}</p>
                </Td>
                <Td>
                  <p>
                    {p.client_initials} <span className="text-xs text-slate-600" title={p.referral_id}>· Ref. {p.referral_id.slice(0, 8)}</span>
                  </p>
                  <p className="text-xs text-slate-600">Referred by {p.referrer_name}</p>
                </Td>
                <Td className="font-medium">{money(p.amount_cents)}</Td>
                <Td className="whitespace-nowrap">{dateTime(p.paid_at)}</Td>
                <Td className="whitespace-nowrap">{dateTime(p.escrow_hold_until)}</Td>
                <Td>
                  <Badge tone={left === 'Expired' ? 'red' : 'amber'} aria-label={left === 'Expired' ? 'Expired' : `${left} remaining`}>
                    {left}
                  </Badge>
                </Td>
                <Td>
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" onClick={() => setPending({ payment: p, action: 'release' })}>
                      Release to referrer
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setPending({ payment: p, action: 'refund' })}>
                      Refund operator
                    </Button>
                  </div>
                </Td>
              </tr>
            )
          })}
        </tbody>
      </Table>
      {pending && <EscrowDialog {...pending} onClose={() => setPending(null)} />}
    </TabState>
  )
}

function ResolvedPayments() {
  const escrow = useQuery(adminQueries.escrow('resolved'))
  useLoadErrorToast(escrow.error, 'Failed to load resolved payments')
  const rows = escrow.data ?? []
  return (
    <TabState loading={escrow.isPending} failed={escrow.isError} empty={rows.length === 0} emptyText="No escrow payment has been released or refunded yet.">
      <Table caption="Resolved escrow payments, latest first">
        <thead>
          <tr>
            <Th>Operator</Th>
            <Th>Referral</Th>
            <Th>Amount</Th>
            <Th>Outcome</Th>
            <Th>Resolved</Th>
            <Th>Reason</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((p) => {
            const outcome = RESOLUTION[p.status] ?? { label: p.status, tone: 'blue' as const }
            return (
              <tr key={p.id} data-testid={`escrow-${p.id}`}>
                <Td>
                  <p className="font-medium">{p.operator_name}</p>
                  <p className="text-xs text-slate-600">{p.operator_email}</p>
                </Td>
                <Td>
                  <p>
                    {p.client_initials} <span className="text-xs text-slate-600" title={p.referral_id}>· Ref. {p.referral_id.slice(0, 8)}</span>
                  </p>
                  <p className="text-xs text-slate-600">Referred by {p.referrer_name}</p>
                </Td>
                <Td className="font-medium">{money(p.amount_cents)}</Td>
                <Td>
                  <Badge tone={outcome.tone}>{outcome.label}</Badge>
                </Td>
                <Td className="whitespace-nowrap">
                  {dateTime(p.resolved_at)}
                  {p.resolved_by && <p className="text-xs text-slate-600">by {p.resolved_by}</p>}
                </Td>
                <Td className="max-w-xs whitespace-pre-wrap">{p.resolution_reason ?? '—'}</Td>
              </tr>
            )
          })}
        </tbody>
      </Table>
    </TabState>
  )
}

function EscrowDialog({ payment, action, onClose }: { payment: EscrowPayment; action: Action; onClose: () => void }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const resolve = useResolveEscrowPayment()
  const release = action === 'release'
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={release ? 'Release to referrer' : 'Refund operator'}
      description={
        release
          ? `Release ${money(payment.amount_cents)} held for ${payment.operator_name} to the referrer.`
          : `Refund ${money(payment.amount_cents)} to ${payment.operator_name}.`
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          if (!reason.trim()) return setError(REASON_REQUIRED)
          setError(undefined)
          resolve.mutate(
            { paymentId: payment.id, action, reason: reason.trim() },
            {
              onSuccess: (result) => {
                toast.success(result.message)
                onClose()
              },
              onError: (e) => toast.error('Failed to process escrow action', { description: errorMessage(e, 'Please try again.') }),
            },
          )
        }}
      >
        <Field label="Reason" error={error} required hint="Kept in the audit log.">
          <Textarea value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={release ? 'primary' : 'destructive'} disabled={resolve.isPending}>
            {release ? 'Release to referrer' : 'Refund operator'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
