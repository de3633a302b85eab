import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { toast } from '../../../lib/toast'
import { GENDER_LABELS } from '@server/features/referrals/referrals.constants'
import { US_STATES } from '@server/features/geo/states'
import { Button } from '../../../components/ui/button'
import { DownloadFhirLink } from '../../../components/download-fhir-link'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { errorMessage } from '../../../lib/api'
import { personName, shortDate } from '../../../lib/format'
import { ReferralDocuments } from '../../documents'
import { PlacementConfirm } from '../../marketplace'
import { ReferralPayout } from '../../payouts'
import { cn } from '../../../lib/cn'
import { useCancelReferral } from '../api/cancel-referral'
import { referralQuery, type MyReferral } from '../api/referrals'
import { CLOSE_OUTCOME_LABELS } from '@server/features/referrals/responses.schemas'
import { CARE_LEVEL_LABELS, FUNDING_SOURCE_LABELS, TIMELINE_LABELS } from '@server/features/care/care-extras.constants'
import { UrgentBadge } from '../../care'
import { CloseReferralDialog } from './CloseReferralDialog'
import { ReferralProgressPanel } from './ReferralProgress'
import { ReferralStateBadge } from './ReferralStatusBadge'

/** Statuses after which a referral is closed (mirrors the server's cancel rule). */
const CLOSED = new Set(['placed', 'rejected', 'cancelled'])

const REQUIREMENT_LABELS: Array<[keyof MyReferral, string]> = [
  ['requires_wheelchair_accessible', 'Wheelchair accessible'],
  ['requires_pet_friendly', 'Pet friendly'],
  ['requires_private_room', 'Private room'],
  ['requires_medical_care_24_7', '24/7 medical care'],
  ['requires_sex_offender_friendly', 'Sex offender friendly'],
]

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  )
}

/** Who has seen the client's data: loaded only when the referrer opens it. */
function AccessLog({ referralId }: { referralId: string }) {
  const [open, setOpen] = useState(false)
  const detail = useQuery({ ...referralQuery(referralId), enabled: open })
  const log = detail.data?.access_log ?? []
  return (
    <details className="mt-4 text-sm" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary className="cursor-pointer font-medium text-brand-800">Who has accessed this client's details</summary>
      <div className="mt-2">
        {detail.isPending ? (
          <p className="text-slate-600">Loading...</p>
        ) : detail.isError ? (
          <p className="text-red-700">Failed to load the access log</p>
        ) : log.length === 0 ? (
          <p className="text-slate-600">No one but you has viewed the full details yet.</p>
        ) : (
          <ul className="space-y-1">
            {log.map((entry) => (
              <li key={`${entry.viewer_role}:${entry.viewer}`} className="text-slate-700">
                <span className="font-medium">{entry.viewer}</span> ({entry.viewer_role}): {entry.count} {entry.count === 1 ? 'time' : 'times'} —{' '}
                {entry.what.join(', ')}; last on {shortDate(entry.last_at as unknown as string)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  )
}

function Overview({ referral }: { referral: MyReferral }) {
  const requirements = REQUIREMENT_LABELS.filter(([key]) => referral[key]).map(([, label]) => label)
  const state = US_STATES[referral.preferred_state] ?? referral.preferred_state
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Detail label="Age">{referral.client_age ?? '—'}</Detail>
        <Detail label="Gender">{GENDER_LABELS[referral.client_gender as keyof typeof GENDER_LABELS] ?? referral.client_gender}</Detail>
        <Detail label="Preferred location">{[referral.preferred_cities.join(', '), state].filter(Boolean).join(' · ')}</Detail>
        <Detail label="Monthly budget">{referral.budget_range}</Detail>
        <Detail label="Requirements">{requirements.length ? requirements.join(', ') : 'None'}</Detail>
        <Detail label="Level of care">{referral.level_of_care ? CARE_LEVEL_LABELS[referral.level_of_care] : 'Not specified'}</Detail>
        <Detail label="Funding source">{referral.funding_source ? FUNDING_SOURCE_LABELS[referral.funding_source] : 'Not specified'}</Detail>
        <Detail label="Timeline">{referral.timeline ? TIMELINE_LABELS[referral.timeline] : 'Not specified'}</Detail>
        <Detail label="Submitted">{shortDate(referral.created_at)}</Detail>
        {/* The homes' numbers are in Progress below, under one set of words (no "Homes matched 0" beside "Homes notified 1"). */}
        {!referral.progress && <Detail label="Homes notified">{referral.matched_operators_count}</Detail>}
        {referral.placed_at && <Detail label="Placed">{shortDate(referral.placed_at)}</Detail>}
        {referral.close_outcome && <Detail label="Closed">{CLOSE_OUTCOME_LABELS[referral.close_outcome]}</Detail>}
      </dl>
      {referral.progress && <ReferralProgressPanel progress={referral.progress} state={referral.state} />}
      <AccessLog referralId={referral.id} />
    </>
  )
}

/**
 * One of the referrer's referrals: its placement answer once a home paid to
 * unlock it, Overview and Documents tabs, closing and cancelling. `focused`
 * (the dashboard opened from a notification about it) brings it into view.
 */
export function ReferralCard({ referral, focused = false }: { referral: MyReferral; focused?: boolean }) {
  const card = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (focused) card.current?.scrollIntoView({ block: 'start' })
  }, [focused])
  const [confirming, setConfirming] = useState(false)
  const [closing, setClosing] = useState(false)
  const name = personName(referral.client_first_name, referral.client_last_name)
  const cancel = useCancelReferral()
  const cancelIt = () =>
    cancel.mutate(referral.id, {
      onSuccess: () => {
        toast.success('Referral cancelled')
        setConfirming(false)
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to cancel referral')),
    })

  return (
    <Card ref={card} data-testid="referral-card" aria-label={`Referral for ${name}`} role="region" className={cn('scroll-mt-20', focused && 'ring-2 ring-brand-500')}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>{name}</CardTitle>
          <p className="text-sm text-slate-600">Submitted {shortDate(referral.created_at)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {referral.is_urgent && <UrgentBadge />}
          <ReferralStateBadge state={referral.state} />
          <DownloadFhirLink referralId={referral.id} name={name} />
          {!CLOSED.has(referral.status) && (
            <>
              <Button variant="outline" size="sm" onClick={() => setClosing(true)} aria-describedby={`close-hint-${referral.id}`}>
                Close Referral
              </Button>
              <Button variant="outline" size="sm" onClick={() => setConfirming(true)} aria-describedby={`cancel-hint-${referral.id}`}>
                Cancel Referral
              </Button>
            </>
          )}
        </div>
        {!CLOSED.has(referral.status) && (
          // The two ends differ in what they record: say it beside the buttons, not only in their dialogs.
          <ul className="w-full space-y-0.5 text-xs text-slate-600" aria-label="Close or cancel">
            <li id={`close-hint-${referral.id}`}>
              <strong className="font-medium text-slate-800">Close</strong>: the search ended (placed, placed elsewhere, no longer needed). You record
              how, and it counts as Closed.
            </li>
            <li id={`cancel-hint-${referral.id}`}>
              <strong className="font-medium text-slate-800">Cancel</strong>: withdraw it, e.g. sent by mistake. Nothing is recorded; it counts as
              Cancelled.
            </li>
          </ul>
        )}
      </CardHeader>
      <CardContent>
        {/* Once a home paid to unlock it, the referrer's answer decides the fee with the operator's; decided, the card keeps saying what became of it. */}
        {(referral.progress?.fees_paid ?? 0) > 0 && <PlacementConfirm referralId={referral.id} className="mb-4" />}
        {/* A fee released to her: where its payout stands (waiting for her details, scheduled, paid). */}
        <ReferralPayout referralId={referral.id} className="mb-4" />
        <Tabs defaultValue="overview">
          <TabsList>
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="documents">Documents</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <Overview referral={referral} />
          </TabsContent>
          <TabsContent value="documents">
            <ReferralDocuments referralId={referral.id} />
          </TabsContent>
        </Tabs>
      </CardContent>
      <CloseReferralDialog referralId={referral.id} name={name} open={closing} onOpenChange={setClosing} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel this referral?"
        description={`Withdraw the referral for ${name}: operators will no longer be able to respond, no outcome is recorded and it counts as Cancelled. To record how the search ended, use Close Referral instead. This cannot be undone.`}
        confirmLabel={cancel.isPending ? 'Cancelling...' : 'Yes, cancel referral'}
        variant="destructive"
        busy={cancel.isPending}
        onConfirm={cancelIt}
      />
    </Card>
  )
}
