import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { toast } from '../../../lib/toast'
import { Button } from '../../../components/ui/button'
import { columnsOf, DataTable, serverPages } from '../../../components/ui/data-table'
import { Dialog } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Input, Select } from '../../../components/ui/input'
import { errorMessage } from '../../../lib/api'
import { useT } from '../../../lib/i18n'
import { adminQueries, REFERRAL_STATUSES, type AdminReferral, type ReferralStatus } from '../api/admin-api'
import { useSendReviewRequest } from '../api/send-review-request'
import { useUpdateReferral } from '../api/update-referral'
import { ReferralStatusBadge } from '../../referrals'
import { busyProps, dateOnly, Stacked, useLoadErrorToast } from './admin-ui'
import { cn } from '../../../lib/cn'

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
/** How a row's controls name their referral to a screen reader. */
const nameOf = (r: AdminReferral) => `referral ${r.client_initials} (ref. ${r.id.slice(0, 8)})`

const col = columnsOf<AdminReferral>()
const referralColumns = (onMatch: (r: AdminReferral) => void) =>
  col.columns([
    col.accessor('client_initials', {
      header: 'Client',
      cell: ({ row: { original: r } }) => (
        <>
          <p className="font-medium">{r.client_initials}</p>
          <p className="text-xs text-slate-600" title={r.id}>
            Ref. {r.id.slice(0, 8)}
          </p>
          {/* A referral closed by its referrer shows its outcome ("Closed: placed elsewhere"), not a red Cancelled. */}
          <ReferralStatusBadge status={r.status} outcome={r.close_outcome} className="mt-1" />
        </>
      ),
    }),
    col.accessor('referrer_name', {
      header: 'Referrer',
      cell: ({ row: { original: r } }) => <Stacked main={r.referrer_name} sub={r.referrer_email} />,
    }),
    col.accessor((r) => [r.preferred_cities.join(', '), r.preferred_state].filter(Boolean).join(', '), {
      id: 'preferred',
      header: 'Preferred',
      cell: ({ getValue, row: { original: r } }) => (
        <>
          {getValue()}
          <p className="text-xs text-slate-600">{r.budget_range}</p>
        </>
      ),
    }),
    col.accessor('created_at', { header: 'Submitted', cell: (c) => dateOnly(c.getValue()), meta: { className: 'whitespace-nowrap' } }),
    col.accessor((r) => r.matched_property_name ?? undefined, { id: 'matched', header: 'Matched home', cell: (c) => c.getValue() ?? '—' }),
    col.accessor('status', { header: 'Status', cell: ({ row }) => <StatusSelect referral={row.original} /> }),
    col.display({ id: 'actions', header: 'Actions', cell: ({ row }) => <RowActions referral={row.original} onMatch={() => onMatch(row.original)} /> }),
  ])

/** All referrals, newest first; status set freely; placed ones can be asked for a review. */
export function ReferralsTab() {
  const t = useT('admin')
  // What the admin typed, and the search sent (on submit: the server searches and pages).
  const [typed, setTyped] = useState('')
  const [q, setQ] = useState('')
  const referrals = useInfiniteQuery(adminQueries.referrals(q))
  useLoadErrorToast(referrals.error, 'Failed to load referrals')
  const [matching, setMatching] = useState<AdminReferral | null>(null)
  const columns = useMemo(() => referralColumns(setMatching), [])
  return (
    <>
      <search aria-label={t('referrals.search')}>
      <form
        className="mb-4 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          setQ(typed.trim())
        }}
      >
        <Field label={t('referrals.search')} hint={t('referrals.searchHint')} className="min-w-64 flex-1">
          <Input type="search" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} />
        </Field>
        <div className="flex gap-2 pb-5">
          <Button type="submit">{t('referrals.searchButton')}</Button>
          {q && (
            <Button
              variant="outline"
              onClick={() => {
                setTyped('')
                setQ('')
              }}
            >
              {t('referrals.clearSearch')}
            </Button>
          )}
        </div>
      </form>
      </search>
      <DataTable
        caption="All referrals"
        order="newest first"
        noun="referrals"
        emptyText={q ? t('referrals.noMatch', { q }) : 'No referrals yet.'}
        columns={columns}
        {...serverPages(referrals, t('referrals.loadMore'))}
        rowTestId={(r) => `referral-${r.id}`}
      />
      {matching && <MatchDialog referral={matching} onClose={() => setMatching(null)} />}
    </>
  )
}

function StatusSelect({ referral: r }: { referral: AdminReferral }) {
  const update = useUpdateReferral()
  const setStatus = (status: ReferralStatus) => {
    if (update.isPending) return
    update.mutate(
      { id: r.id, status },
      {
        onSuccess: (result) =>
          toast.success('Referral status updated', result.review_request_sent ? { description: 'The referrer was asked for a review.' } : undefined),
        onError: (error) => toast.error('Failed to update referral', { description: errorMessage(error, 'Please try again.') }),
      },
    )
  }
  const busy = busyProps(update.isPending)
  return (
    <Select aria-label={`Status for ${nameOf(r)}`} value={r.status} {...busy} onChange={(e) => setStatus(e.target.value as ReferralStatus)} className={cn('w-36', busy.className)}>
      {REFERRAL_STATUSES.map((s) => (
        <option key={s} value={s}>
          {label(s)}
        </option>
      ))}
    </Select>
  )
}

/** The row's actions: name the matched home (needed before a review), and ask a placed referral's referrer for a review. */
function RowActions({ referral: r, onMatch }: { referral: AdminReferral; onMatch: () => void }) {
  const review = useSendReviewRequest()
  const requestReview = () =>
    !review.isPending &&
    review.mutate(r.id, {
      onSuccess: () => toast.success('Review Request Sent'),
      onError: (error) => toast.error('Failed to send review request', { description: errorMessage(error, 'Please try again.') }),
    })
  const action = r.matched_property_id ? 'Change home' : 'Set home'
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={onMatch} aria-label={`${action} for ${nameOf(r)}`}>
        {action}
      </Button>
      {r.status === 'placed' && (
        <Button size="sm" variant="outline" {...busyProps(review.isPending)} onClick={requestReview}>
          Send Review Request
        </Button>
      )}
    </div>
  )
}

/** Names the home a referral was matched to (needed before its referrer can review it). */
function MatchDialog({ referral, onClose }: { referral: AdminReferral; onClose: () => void }) {
  const [state, setState] = useState(referral.preferred_state)
  const properties = useQuery(adminQueries.propertiesInState(state))
  useLoadErrorToast(properties.error, 'Failed to load properties')
  const [propertyId, setPropertyId] = useState(referral.matched_property_id ?? '')
  const options = useMemo(() => [...(properties.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)), [properties.data])
  const save = useUpdateReferral()
  const submit = () =>
    save.mutate(
      { id: referral.id, status: referral.status, matched_property_id: propertyId || null },
      {
        onSuccess: () => {
          toast.success('Referral status updated')
          onClose()
        },
        onError: (error) => toast.error('Failed to update referral', { description: errorMessage(error, 'Please try again.') }),
      },
    )
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Matched home"
      description={`The home the client of referral ${referral.client_initials} (ref. ${referral.id.slice(0, 8)}) was matched to. The referrer can review it once the referral is placed.`}
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <Field label="State" hint="Two-letter code">
          <Input value={state} maxLength={2} onChange={(e) => setState(e.target.value.toUpperCase())} className="w-24" />
        </Field>
        <Field label="Home">
          <Select value={propertyId} onChange={(e) => setPropertyId(e.target.value)} disabled={properties.isFetching}>
            <option value="">No matched home</option>
            {referral.matched_property_id && !options.some((p) => p.id === referral.matched_property_id) && (
              <option value={referral.matched_property_id}>{referral.matched_property_name ?? 'Current home'}</option>
            )}
            {options.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} — {p.city}, {p.state}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
