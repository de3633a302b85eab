import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { toast } from '../../../lib/toast'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { columnsOf, DataTable } from '../../../components/ui/data-table'
import { Dialog } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Textarea } from '../../../components/ui/input'
import { errorMessage } from '../../../lib/api'
import { money } from '../../../lib/format'
import { useMediaQuery } from '../../../lib/use-media-query'
import { Card } from '../../../components/ui/card'
import { adminQueries, type EscrowPayment } from '../api/admin-api'
import { useResolveEscrowPayment } from '../api/resolve-escrow-payment'
import { dateTime, DoneAt, Stacked, useLoadErrorToast } from './admin-ui'
import { remainingTime } from './remaining-time'
import { AdminPayouts } from '../../payouts'
import { ConversationDialog } from './ConversationDialog'
import { Link } from 'react-router'
import { useT } from '../../../lib/i18n'

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

type View = 'held' | 'resolved' | 'payouts'
const RESOLUTION: Record<string, { label: string; tone: 'green' | 'blue' } | undefined> = {
  released_to_referrer: { label: 'Released to referrer', tone: 'green' },
  refunded: { label: 'Refunded to operator', tone: 'blue' },
}

/**
 * Payments held in escrow, soonest hold end first; release or refund with a
 * reason. The Resolved filter keeps the history: released and refunded
 * payments, with when, by whom and why, so a settled payment stays findable.
 * Payouts to referrers: the fees released, owed until an admin records each one paid.
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
            ['payouts', 'Payouts to referrers'],
          ] as const
        ).map(([value, text]) => (
          <label key={value} className="inline-flex items-center gap-2">
            <input type="radio" name="escrow-view" value={value} checked={view === value} onChange={() => setView(value)} className="h-4 w-4 accent-brand-700" />
            {text}
          </label>
        ))}
      </fieldset>
      {view === 'held' ? <HeldPayments /> : view === 'resolved' ? <ResolvedPayments /> : <AdminPayouts />}
      <ConversationDialog />
    </div>
  )
}

// The columns both views share: who paid, for which referral, how much.
const col = columnsOf<EscrowPayment>()
const paymentColumns = [
  col.accessor('operator_name', {
    header: 'Operator',
    cell: ({ row: { original: p } }) => <Stacked strong main={p.operator_name} sub={p.operator_email} />,
  }),
  col.accessor('client_initials', {
    header: 'Referral',
    cell: ({ row: { original: p } }) => (
      <>
        <p>
          {p.client_initials}{' '}
          <span className="text-xs text-slate-600" title={p.referral_id}>
            · Ref. {p.referral_id.slice(0, 8)}
          </span>
        </p>
        <p className="text-xs text-slate-600">Referred by {p.referrer_name}</p>
      </>
    ),
  }),
  col.accessor('amount_cents', { header: 'Amount', cell: (c) => money(c.getValue()), meta: { className: 'font-medium' } }),
]
const rowTestId = (p: EscrowPayment) => `escrow-${p.id}`

const ANSWER_TEXT = { placed: 'Placed', not_placed: 'Not placed' } as const
/**
 * What each side answered about the placement: the basis of a release (both
 * placed) or a refund (both not placed), and of the admin's decision when
 * they disagree or one never answered.
 */
function PlacementAnswers({ payment: p }: { payment: EscrowPayment }) {
  const answer = (a: EscrowPayment['referrer_confirmation']) => (a ? ANSWER_TEXT[a] : 'No answer yet')
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs whitespace-nowrap" aria-label="Placement answers">
      <dt className="text-slate-600">Referrer:</dt>
      <dd className={p.referrer_confirmation ? 'font-medium' : 'text-slate-600'}>{answer(p.referrer_confirmation)}</dd>
      <dt className="text-slate-600">Operator:</dt>
      <dd className={p.operator_confirmation ? 'font-medium' : 'text-slate-600'}>{answer(p.operator_confirmation)}</dd>
    </dl>
  )
}
/**
 * Where a "Placed" answer says the client went (the referral's matched home,
 * linked to its page) and the conversation between the two parties, opened
 * here read-only: what an admin weighs before releasing or refunding.
 */
function PlacementLinks({ payment: p }: { payment: EscrowPayment }) {
  const t = useT('admin')
  const placed = p.referrer_confirmation === 'placed' || p.operator_confirmation === 'placed' || p.referral_status === 'placed'
  if (!placed && !p.conversation_id) return null
  return (
    <div className="mt-1 space-y-0.5 text-xs">
      {placed &&
        (p.matched_property_id ? (
          <p>
            <Link to={`/property/${p.matched_property_id}`} className="font-medium text-brand-700 underline underline-offset-2">
              {t('escrow.placedIn', { home: p.matched_property_name ?? p.matched_property_id })}
            </Link>
          </p>
        ) : (
          <p className="text-slate-600">{t('escrow.noHome')}</p>
        ))}
      {p.conversation_id ? (
        <p>
          <Link
            to={{ search: `?tab=escrow&conversation=${encodeURIComponent(p.conversation_id)}` }}
            className="text-brand-700 underline underline-offset-2"
            aria-label={`${t('escrow.conversation')}: ${p.client_initials} · ${p.referral_id.slice(0, 8)}`}
          >
            {t('escrow.conversation')}
          </Link>
        </p>
      ) : (
        <p className="text-slate-600">{t('escrow.noConversation')}</p>
      )}
    </div>
  )
}

const answersColumn = col.display({
  id: 'answers',
  header: 'Placement answers',
  cell: ({ row }) => (
    <>
      <PlacementAnswers payment={row.original} />
      <PlacementLinks payment={row.original} />
    </>
  ),
})
const when = (header: string, at: (p: EscrowPayment) => string | null) =>
  col.accessor((p) => at(p) ?? undefined, { id: header, header, cell: (c) => dateTime(c.getValue()), meta: { className: 'whitespace-nowrap' } })

/** The hold's time left, counting down live. */
function Remaining({ payment: p }: { payment: EscrowPayment }) {
  const now = useNow()
  const left = remainingTime(p.escrow_hold_until, now, p.expired)
  return (
    <Badge tone={left === 'Expired' ? 'red' : 'amber'} aria-label={left === 'Expired' ? 'Expired' : `${left} remaining`}>
      {left}
    </Badge>
  )
}

const heldColumns = (onAction: (payment: EscrowPayment, action: Action) => void) =>
  col.columns([
    ...paymentColumns,
    answersColumn,
    when('Paid', (p) => p.paid_at),
    when('Hold until', (p) => p.escrow_hold_until),
    col.accessor('escrow_hold_until', { id: 'remaining', header: 'Remaining', cell: ({ row }) => <Remaining payment={row.original} /> }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: p } }) => <EscrowActions payment={p} onAction={onAction} />,
    }),
  ])

function EscrowActions({ payment: p, onAction }: { payment: EscrowPayment; onAction: (payment: EscrowPayment, action: Action) => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={() => onAction(p, 'release')}>
        Release to referrer
      </Button>
      <Button size="sm" variant="outline" onClick={() => onAction(p, 'refund')}>
        Refund operator
      </Button>
    </div>
  )
}

/**
 * A phone's view of the held payments: one card each, the amount, the time
 * left, both answers and the actions on screen (the table is 1,000 px wide and
 * put them out of sight).
 */
function HeldCards({ payments, onAction }: { payments: EscrowPayment[]; onAction: (payment: EscrowPayment, action: Action) => void }) {
  return (
    <ul className="space-y-3" aria-label="Payments held in escrow, soonest hold end first">
      {payments.map((p) => (
        <li key={p.id}>
          <Card className="space-y-3 p-4" data-testid={rowTestId(p)}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0 wrap-anywhere">
                <Stacked strong main={p.operator_name} sub={p.operator_email} />
              </div>
              <p className="text-lg font-semibold">{money(p.amount_cents)}</p>
            </div>
            <p className="text-sm">
              {p.client_initials} <span className="text-xs text-slate-600">· Ref. {p.referral_id.slice(0, 8)} · referred by {p.referrer_name}</span>
            </p>
            <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
              <Remaining payment={p} /> hold until {dateTime(p.escrow_hold_until)}
            </div>
            <div>
              <PlacementAnswers payment={p} />
              <PlacementLinks payment={p} />
            </div>
            <EscrowActions payment={p} onAction={onAction} />
          </Card>
        </li>
      ))}
    </ul>
  )
}

function HeldPayments() {
  const escrow = useQuery(adminQueries.escrow('held'))
  useLoadErrorToast(escrow.error, 'Failed to load escrow payments')
  const [pending, setPending] = useState<{ payment: EscrowPayment; action: Action } | null>(null)
  const columns = useMemo(() => heldColumns((payment, action) => setPending({ payment, action })), [])
  const wide = useMediaQuery('(min-width: 640px)')
  const narrowList = !wide && escrow.data && escrow.data.length > 0
  return (
    <>
      {narrowList ? (
        <HeldCards payments={escrow.data} onAction={(payment, action) => setPending({ payment, action })} />
      ) : (
        <DataTable caption="Payments held in escrow" order="soonest hold end first" noun="payments" emptyText="No payments are held in escrow." columns={columns} query={escrow} rowTestId={rowTestId} />
      )}
      {pending && <EscrowDialog {...pending} onClose={() => setPending(null)} />}
    </>
  )
}

const resolvedColumns = col.columns([
  ...paymentColumns,
  answersColumn,
  col.accessor((p) => RESOLUTION[p.status]?.label ?? p.status, {
    id: 'outcome',
    header: 'Outcome',
    cell: ({ getValue, row: { original: p } }) => <Badge tone={RESOLUTION[p.status]?.tone ?? 'blue'}>{getValue()}</Badge>,
  }),
  col.accessor((p) => p.resolved_at ?? undefined, {
    id: 'resolved',
    header: 'Resolved',
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row: { original: p } }) => <DoneAt at={p.resolved_at} by={p.resolved_by} />,
  }),
  col.accessor((p) => p.resolution_reason ?? undefined, { id: 'reason', header: 'Reason', cell: (c) => c.getValue() ?? '—', meta: { className: 'max-w-xs whitespace-pre-wrap' } }),
])

function ResolvedPayments() {
  const escrow = useQuery(adminQueries.escrow('resolved'))
  useLoadErrorToast(escrow.error, 'Failed to load resolved payments')
  return (
    <DataTable caption="Resolved escrow payments" order="latest first" noun="payments" emptyText="No escrow payment has been released or refunded yet." columns={resolvedColumns} query={escrow} rowTestId={rowTestId} />
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
