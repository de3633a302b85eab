import { useQuery } from '@tanstack/react-query'
import { CalendarClock, CalendarDays, Check, Clock, Mail, Phone, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from '../../../lib/toast'
import { Badge, type BadgeTone } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api'
import { zonedClockTime } from '@server/lib/slot-text'
import { RescheduleTourDialog } from '../../tours'
import { useCancelTour } from '../api/cancel-tour'
import { useConfirmTour } from '../api/confirm-tour'
import { isStale } from '../api/dashboard-mutation'
import { myToursQuery, type MyTour } from '../api/dashboard'
import { useRescheduleTour } from '../api/reschedule-tour'

const longDay = (date: string) =>
  new Date(`${date}T00:00:00`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })

/**
 * Every time on this tab is the home's: slots are stored as the home's wall
 * clock, and an instant (a link's expiry) is converted to the home's zone
 * and named with it ('Nov 30, 5:00 PM CST'), so a tour time and the expiry beside it never mix zones.
 */
const atHome = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(iso))
/** '10:00 AM MST': the slot in the home's zone (its name on the slot's day), the same words as the e-mails. */
const slotTime = (date: string, time: string, zone: string) => zonedClockTime(date, time, zone)

/** The five tour statuses as the dashboard shows them. */
const STATUS: Record<MyTour['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'yellow' },
  confirmed: { label: 'Confirmed', tone: 'green' },
  rescheduling: { label: 'Rescheduling', tone: 'blue' },
  completed: { label: 'Completed', tone: 'gray' },
  cancelled: { label: 'Cancelled', tone: 'red' },
}

/**
 * Tour Schedules: Upcoming (pending, confirmed, rescheduling), Completed
 * (confirmed tours that are over, as the server computes it) and Cancelled,
 * with confirm, propose-a-new-time and cancel actions.
 */
export function ToursTab() {
  const tours = useQuery(myToursQuery)
  const [confirming, setConfirming] = useState<MyTour | null>(null)
  const [cancelling, setCancelling] = useState<MyTour | null>(null)
  const [moving, setMoving] = useState<MyTour | null>(null)
  useEffect(() => {
    if (tours.isError) toast.error('Failed to load tour schedules')
  }, [tours.isError])
  const reschedule = useRescheduleTour()
  const confirm = useConfirmTour()
  const cancel = useCancelTour()
  // A refusal because the tour changed elsewhere (409: cancelled or moved from another tab) closes the dialog
  // with the server's message, over the refreshed list; any other failure keeps it open to try again.
  const confirmOne = (id: string) =>
    confirm.mutate(id, {
      onSuccess: () => {
        toast.success('Tour Confirmed', { description: 'The visitor has been notified by e-mail.' })
        setConfirming(null)
      },
      onError: (e) => {
        toast.error(errorMessage(e, 'Failed to confirm tour'))
        if (isStale(e)) setConfirming(null)
      },
    })
  const cancelOne = (id: string) =>
    cancel.mutate(id, {
      onSuccess: () => {
        toast.success('Tour Cancelled', { description: 'The visitor has been notified by e-mail.' })
        setCancelling(null)
      },
      onError: (e) => {
        toast.error(errorMessage(e, 'Failed to cancel tour'))
        if (isStale(e)) setCancelling(null)
      },
    })

  if (tours.isPending) return <Spinner label="Loading tour schedules..." />
  if (tours.isError) return <p className="text-red-700">Failed to load tour schedules</p>

  const list = (items: MyTour[], empty: string, actions: boolean) =>
    items.length === 0 ? (
      <p className="text-slate-600">{empty}</p>
    ) : (
      <ul className="space-y-3">
        {items.map((t) => (
          <li key={t.id} className="rounded-lg border border-slate-200 p-4" aria-label={`Tour by ${t.visitor_name}`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="space-y-1">
                <p className="font-semibold text-slate-900">
                  {t.visitor_name} <span className="font-normal text-slate-600">· {t.property.name}, {t.property.city}, {t.property.state}</span>
                </p>
                <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                  <span className="inline-flex items-center gap-1">
                    <CalendarDays className="h-4 w-4" aria-hidden="true" /> {longDay(t.scheduled_date)}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <Clock className="h-4 w-4" aria-hidden="true" /> {slotTime(t.scheduled_date, t.scheduled_time, t.property.time_zone)}
                  </span>
                  <a className="inline-flex items-center gap-1 text-brand-700 hover:underline" href={`mailto:${t.visitor_email}`}>
                    <Mail className="h-4 w-4" aria-hidden="true" /> {t.visitor_email}
                  </a>
                  <a className="inline-flex items-center gap-1 text-brand-700 hover:underline" href={`tel:${t.visitor_phone}`}>
                    <Phone className="h-4 w-4" aria-hidden="true" /> {t.visitor_phone}
                  </a>
                </p>
                {t.notes && <p className="text-sm text-slate-600">{t.notes}</p>}
                {t.status === 'rescheduling' && t.proposed_date && (
                  <p className="text-sm text-blue-900" data-testid="tour-proposal">
                    New time proposed: {longDay(t.proposed_date)} at {slotTime(t.proposed_date, t.proposed_time ?? '', t.property.time_zone)}.{' '}
                    {t.proposal_expires_at
                      ? `Waiting for the visitor's answer (the link works until ${atHome(t.proposal_expires_at, t.property.time_zone)}).`
                      : 'The visitor did not answer before the link expired: propose another time or cancel.'}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={STATUS[t.status].tone}>{STATUS[t.status].label}</Badge>
                {actions && t.status === 'pending' && (
                  <Button size="sm" onClick={() => setConfirming(t)}>
                    <Check className="h-4 w-4" aria-hidden="true" /> Confirm
                  </Button>
                )}
                {actions && (
                  <Button size="sm" variant="outline" onClick={() => setMoving(t)} aria-label={`Propose a new time to ${t.visitor_name}`}>
                    <CalendarClock className="h-4 w-4" aria-hidden="true" /> Propose a new time
                  </Button>
                )}
                {actions && (
                  <Button size="sm" variant="outline" onClick={() => setCancelling(t)}>
                    <X className="h-4 w-4" aria-hidden="true" /> Cancel
                  </Button>
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
    )

  return (
    <Card>
      <CardHeader>
        <CardTitle>Tour Schedules</CardTitle>
        <p className="text-sm text-slate-600">All times are each home's local time.</p>
      </CardHeader>
      <CardContent className="space-y-6">
        <section aria-labelledby="tours-upcoming">
          <h4 id="tours-upcoming" className="mb-3 font-semibold text-slate-900">
            Upcoming ({tours.data.upcoming.length})
          </h4>
          {list(tours.data.upcoming, 'No upcoming tours.', true)}
        </section>
        <section aria-labelledby="tours-completed">
          <h4 id="tours-completed" className="mb-3 font-semibold text-slate-900">
            Completed ({tours.data.completed.length})
          </h4>
          {list(tours.data.completed, 'No completed tours yet.', false)}
        </section>
        {tours.data.cancelled.length > 0 && (
          <section aria-labelledby="tours-cancelled">
            <h4 id="tours-cancelled" className="mb-3 font-semibold text-slate-900">
              Cancelled ({tours.data.cancelled.length})
            </h4>
            {list(tours.data.cancelled, '', false)}
          </section>
        )}
      </CardContent>
      {moving && (
        <RescheduleTourDialog
          tour={moving}
          open={!!moving}
          onOpenChange={(o) => !o && setMoving(null)}
          onPropose={async (input) => {
            await reschedule.mutateAsync({ id: moving.id, input })
          }}
        />
      )}
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(o) => !o && setConfirming(null)}
        title="Confirm Tour"
        description={confirming ? `Confirm the tour with ${confirming.visitor_name} on ${longDay(confirming.scheduled_date)} at ${slotTime(confirming.scheduled_date, confirming.scheduled_time, confirming.property.time_zone)}? The visitor will be notified by e-mail.` : ''}
        confirmLabel="Confirm Tour"
        busy={confirm.isPending}
        onConfirm={() => confirming && confirmOne(confirming.id)}
      />
      <ConfirmDialog
        open={!!cancelling}
        onOpenChange={(o) => !o && setCancelling(null)}
        title="Cancel Tour"
        description={cancelling ? `Cancel the tour with ${cancelling.visitor_name}? This cannot be undone; the visitor will be notified by e-mail.` : ''}
        confirmLabel="Cancel Tour"
        variant="destructive"
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancelOne(cancelling.id)}
      />
    </Card>
  )
}
