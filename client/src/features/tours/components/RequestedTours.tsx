import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { slotText } from '@server/lib/slot-text'
import { Badge, type BadgeTone } from '../../../components/ui/badge'
import { Card, CardContent } from '../../../components/ui/card'
import { requestedToursQuery, type RequestedTour } from '../api/tours'

/** Each status as the requester reads it: what it means for her. */
const STATUS: Record<RequestedTour['status'], { label: string; tone: BadgeTone; hint: string }> = {
  pending: { label: 'Pending', tone: 'yellow', hint: 'Waiting for the home to confirm.' },
  confirmed: { label: 'Confirmed', tone: 'green', hint: 'The home expects you.' },
  rescheduling: { label: 'New time proposed', tone: 'blue', hint: 'The home proposed another time: answer from the link in your e-mail.' },
  completed: { label: 'Completed', tone: 'gray', hint: 'The tour took place.' },
  cancelled: { label: 'Cancelled', tone: 'red', hint: 'The home cancelled this tour.' },
}

/**
 * "Your tour requests" on the referrer's dashboard: every tour she asked for
 * while signed in, newest first, with the home, the slot (the home's local
 * time) and its status. Nothing when she never asked for one.
 */
export function RequestedTours() {
  const tours = useQuery(requestedToursQuery)
  const section = useRef<HTMLElement>(null)
  const { hash } = useLocation()
  const loaded = !!tours.data?.items.length
  // The confirmation e-mail links to #tour-requests: the section renders after its data, so the browser's own jump missed it.
  useEffect(() => {
    if (loaded && hash === '#tour-requests') section.current?.scrollIntoView({ block: 'start' })
  }, [loaded, hash])
  if (tours.isError) {
    return (
      <p role="alert" className="mb-8 text-red-700">
        Failed to load your tour requests
      </p>
    )
  }
  const items = tours.data?.items ?? []
  if (items.length === 0) return null
  return (
    <section ref={section} id="tour-requests" aria-labelledby="tour-requests-title" className="mb-8 scroll-mt-20">
      <h2 id="tour-requests-title" className="mb-4 text-xl font-semibold text-slate-900">
        Your Tour Requests
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {items.map((t) => {
          const status = STATUS[t.status]
          return (
            <li key={t.id}>
              <Card aria-label={`Tour of ${t.property.name}`} role="group">
                <CardContent className="space-y-1 pt-5 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Link to={`/property/${t.property.id}`} className="min-w-0 break-words font-medium text-brand-800 hover:underline">
                      {t.property.name}
                    </Link>
                    <Badge tone={status.tone}>{status.label}</Badge>
                  </div>
                  <p className="text-slate-600">
                    {t.property.city}, {t.property.state}
                  </p>
                  <p className="text-slate-900">{slotText(t.scheduled_date, t.scheduled_time, t.property.time_zone)} (the home's local time)</p>
                  {t.status === 'rescheduling' && t.proposed_date && t.proposed_time && (
                    <p className="text-slate-900">Proposed: {slotText(t.proposed_date, t.proposed_time, t.property.time_zone)}</p>
                  )}
                  <p className="text-slate-600">{status.hint}</p>
                </CardContent>
              </Card>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
