import { useQuery } from '@tanstack/react-query'
import { format } from 'date-fns'
import { useRef, useState } from 'react'
import { PAYOUT_METHODS, type PayoutMethod } from '@server/db/enums'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Dialog } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Input, Select } from '../../../components/ui/input'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError, errorMessage } from '../../../lib/api'
import { calendarDate, money, shortDate } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { adminPayoutsQuery, payeeQuery, useRecordPayout, type AdminPayout } from '../api/payouts'
import { PAYOUT_METHOD_LABELS } from '../payout-text'

type View = 'owed' | 'paid'

/**
 * The admin's referral payouts (Escrow tab): the fees released to referrers,
 * owed ones oldest first with a Record payout action, paid ones with when, how
 * and the reference. A referrer's payout details are read only when the
 * admin opens the form for her payout (each read audited on the server).
 */
export function AdminPayouts() {
  const [view, setView] = useState<View>('owed')
  const payouts = useQuery(adminPayoutsQuery(view))
  const [recording, setRecording] = useState<AdminPayout | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  return (
    <section aria-labelledby="admin-payouts-title" className="space-y-3">
      <h3 id="admin-payouts-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        Payouts to referrers
      </h3>
      <fieldset className="flex flex-wrap items-center gap-4 text-sm">
        <legend className="sr-only">Show payouts</legend>
        {(
          [
            ['owed', 'Owed'],
            ['paid', 'Paid'],
          ] as const
        ).map(([value, text]) => (
          <label key={value} className="inline-flex items-center gap-2">
            <input type="radio" name="payout-view" value={value} checked={view === value} onChange={() => setView(value)} className="h-4 w-4 accent-brand-700" />
            {text}
          </label>
        ))}
      </fieldset>
      {payouts.isPending ? (
        <Spinner label="Loading payouts..." />
      ) : payouts.isError ? (
        <p role="alert" className="text-red-700">
          Failed to load payouts
        </p>
      ) : payouts.data.length === 0 ? (
        <p className="text-sm text-slate-600">{view === 'owed' ? 'No payout is owed.' : 'No payout has been recorded yet.'}</p>
      ) : (
        <ul className="space-y-3" aria-label={view === 'owed' ? 'Payouts owed, oldest first' : 'Payouts paid, latest first'}>
          {payouts.data.map((p) => (
            <li key={p.id}>
              <Card className="flex flex-wrap items-start justify-between gap-3 p-4" data-testid={`admin-payout-${p.id}`}>
                <div className="min-w-0 space-y-1 text-sm wrap-anywhere">
                  <p className="font-medium text-slate-900">
                    {p.referrer_name} <span className="font-normal text-slate-600">{p.referrer_email}</span>
                  </p>
                  <p className="text-slate-700">
                    {money(p.amount_cents)} · {p.client_initials} <span className="text-xs text-slate-600">· Ref. {p.referral_id.slice(0, 8)} · owed since {shortDate(p.created_at)}</span>
                  </p>
                  {p.state === 'paid' ? (
                    <p>
                      Paid on {p.paid_on ? calendarDate(p.paid_on) : '—'} by {p.method ? PAYOUT_METHOD_LABELS[p.method] : '—'}, reference {p.reference}
                    </p>
                  ) : p.has_details ? (
                    <Badge tone="green">Details given: {p.details_method ? PAYOUT_METHOD_LABELS[p.details_method] : ''}</Badge>
                  ) : (
                    <Badge tone="amber">Waiting for the referrer's payout details</Badge>
                  )}
                </div>
                {p.status === 'owed' && (
                  <Button size="sm" onClick={() => setRecording(p)} aria-label={`Record payout of ${money(p.amount_cents)} to ${p.referrer_name}`}>
                    Record payout
                  </Button>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {recording && <RecordPayoutDialog payout={recording} onClose={() => setRecording(null)} returnFocusTo={() => heading.current} />}
    </section>
  )
}

/** How, when and with which reference an owed payout was paid; the referrer's details shown to pay her. */
function RecordPayoutDialog({ payout, onClose, returnFocusTo }: { payout: AdminPayout; onClose: () => void; returnFocusTo: () => HTMLElement | null }) {
  const payee = useQuery(payeeQuery(payout.id))
  const [method, setMethod] = useState<PayoutMethod | null>(null)
  const [paidOn, setPaidOn] = useState(() => format(new Date(), 'yyyy-MM-dd'))
  const [reference, setReference] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const record = useRecordPayout()
  const chosen = method ?? payee.data?.details?.method ?? payout.details_method ?? 'check'
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Record payout"
      description={`Record the referral fee of ${money(payout.amount_cents)} to ${payout.referrer_name} as paid. The referrer is told by e-mail.`}
      returnFocusTo={returnFocusTo}
    >
      <section className="mb-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" aria-label="Payout details">
        {payee.isPending ? (
          <p className="text-slate-600">Loading the referrer's payout details...</p>
        ) : payee.isError ? (
          <p role="alert" className="text-red-700">
            Failed to load the referrer's payout details
          </p>
        ) : payee.data.details ? (
          <>
            <p className="font-medium">
              Pay to {payee.data.details.payee_name} · {PAYOUT_METHOD_LABELS[payee.data.details.method]}
            </p>
            <p className="whitespace-pre-wrap wrap-anywhere text-slate-700">{payee.data.details.details}</p>
          </>
        ) : (
          <p>The referrer has not given payout details yet.</p>
        )}
      </section>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          const missing: Record<string, string> = {}
          if (!paidOn) missing.paid_on = 'Date paid is required'
          if (!reference.trim()) missing.reference = 'Reference is required'
          setErrors(missing)
          if (Object.keys(missing).length) return
          record.mutate(
            { payoutId: payout.id, method: chosen, paid_on: paidOn, reference: reference.trim() },
            {
              onSuccess: (result) => {
                toast.success(result.message)
                onClose()
              },
              onError: (error) => {
                if (error instanceof ApiError && error.fields) setErrors(error.fields)
                toast.error('Failed to record the payout', { description: errorMessage(error, 'Please try again.') })
              },
            },
          )
        }}
      >
        <Field label="Method" error={errors.method} required>
          <Select value={chosen} onChange={(e) => setMethod(e.target.value as PayoutMethod)}>
            {PAYOUT_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYOUT_METHOD_LABELS[m]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Date paid" error={errors.paid_on} required>
          <Input type="date" value={paidOn} onChange={(e) => setPaidOn(e.target.value)} />
        </Field>
        <Field label="Reference" error={errors.reference} required hint="The check number or the transfer's id. The referrer sees it.">
          <Input value={reference} maxLength={200} onChange={(e) => setReference(e.target.value)} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={record.isPending}>
            {record.isPending ? 'Recording...' : 'Record payout'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
