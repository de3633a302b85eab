import { useQuery } from '@tanstack/react-query'
import { format } from 'date-fns'
import { CalendarCheck, CalendarX } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { LinkProblem } from '../../../components/ui/link-problem'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api'
import { useAnswerReschedule } from '../api/answer-reschedule'
import { rescheduleProposalQuery } from '../api/tours'

const slot = (date: string, time: string) => `${format(new Date(`${date}T00:00:00`), 'EEEE, MMMM d, yyyy')} at ${time}`

/**
 * /tour-reschedule?token=...: the visitor opens the link from the
 * "new time proposed" e-mail and accepts or declines the new slot, without an
 * account. A wrong, used, replaced or expired link says so, and what to do instead.
 */
export function TourReschedulePage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const proposal = useQuery({ ...rescheduleProposalQuery(token), enabled: !!token })
  const answer = useAnswerReschedule()

  if (!token || proposal.isError) {
    return (
      <Page title="Your tour's new time">
        <Problem message={token ? errorMessage(proposal.error, 'This link is not valid.') : 'This link is incomplete.'} />
      </Page>
    )
  }
  if (proposal.isPending) return <Spinner label="Loading..." />
  const p = proposal.data
  const home = p.property

  return (
    <Page title="Your tour's new time" subtitle={`${home.name} · ${home.city}, ${home.state}`}>
      <Card className="max-w-xl">
        <CardContent className="space-y-5 pt-6">
          {answer.isSuccess ? (
            <div role="status" className="space-y-3">
              {answer.data.status === 'confirmed' ? (
                <>
                  <p className="flex items-center gap-2 text-lg font-semibold text-emerald-800">
                    <CalendarCheck className="h-5 w-5" aria-hidden="true" /> Your tour is confirmed for the new time
                  </p>
                  <p className="text-slate-700">
                    {home.name}, {slot(p.proposed_date, p.proposed_time)}. We e-mailed you the confirmation with a calendar invitation.
                  </p>
                </>
              ) : (
                <>
                  <p className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                    <CalendarX className="h-5 w-5" aria-hidden="true" /> Your tour is cancelled
                  </p>
                  <p className="text-slate-700">The home has been told. You can request another time from its page.</p>
                </>
              )}
              <ButtonLink to={`/property/${home.id}`} variant="outline">
                View {home.name}
              </ButtonLink>
            </div>
          ) : (
            <>
              <p className="text-slate-800">
                Hello {p.visitor_name}, {home.name} proposes to move your tour.
              </p>
              <dl className="space-y-2 text-sm">
                <div>
                  <dt className="font-medium text-slate-600">Requested time</dt>
                  <dd className="text-slate-800">{slot(p.scheduled_date, p.scheduled_time)}</dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-600">New time proposed</dt>
                  <dd className="text-lg font-semibold text-slate-900" data-testid="proposed-slot">
                    {slot(p.proposed_date, p.proposed_time)}
                  </dd>
                </div>
              </dl>
              <p className="text-sm text-slate-600">Times are the home's local time. If you decline, the tour is cancelled.</p>
              {answer.isError && (
                <p role="alert" className="text-sm text-red-700">
                  {errorMessage(answer.error, 'Failed to send your answer')}
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => answer.mutate({ token, answer: 'accept' })} disabled={answer.isPending}>
                  <CalendarCheck className="h-4 w-4" aria-hidden="true" /> Accept the new time
                </Button>
                <Button variant="outline" onClick={() => answer.mutate({ token, answer: 'decline' })} disabled={answer.isPending}>
                  <CalendarX className="h-4 w-4" aria-hidden="true" /> Decline and cancel the tour
                </Button>
              </div>
              <p className="text-xs text-slate-600">This link works once, until {format(new Date(p.expires_at), 'MMM d, yyyy h:mm a')}.</p>
            </>
          )}
        </CardContent>
      </Card>
    </Page>
  )
}

const Problem = ({ message }: { message: string }) => <LinkProblem message={message} action={{ to: '/browse', label: 'Browse homes' }} />
