import { useQuery } from '@tanstack/react-query'
import { Bed, CalendarCheck } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { LinkProblem } from '../../../components/ui/link-problem'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api'
import { bedConfirmationQuery } from '../api/bed-confirmations'
import { useConfirmBedsByLink } from '../api/confirm-beds-by-link'
import { BedsFreshness } from '../components/BedsFreshness'

/**
 * /confirm-beds?token=...: the weekly e-mail's link. One click
 * confirms the count as it is, or the operator types a new one; no sign-in.
 * A wrong, used or expired link says so, and where to go instead.
 */
export function ConfirmBedsPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const link = useQuery({ ...bedConfirmationQuery(token), enabled: !!token })
  const [count, setCount] = useState('')
  const [fieldError, setFieldError] = useState<string>()
  const confirm = useConfirmBedsByLink()

  const update = (event: FormEvent) => {
    event.preventDefault()
    const n = Number(count)
    const total = link.data?.property.total_beds ?? 0
    if (count.trim() === '' || !Number.isInteger(n) || n < 0) return setFieldError('Enter a whole number of beds, 0 or more')
    if (n > total) return setFieldError('Available beds cannot exceed total beds')
    setFieldError(undefined)
    confirm.mutate({ token, available_beds: n })
  }

  if (!token || link.isError) {
    return (
      <Page title="Confirm your beds">
        <Problem message={token ? errorMessage(link.error, 'This confirmation link is not valid.') : 'This confirmation link is incomplete.'} />
      </Page>
    )
  }
  if (link.isPending) return <Spinner label="Loading..." />
  const p = confirm.data?.property ?? link.data.property

  return (
    <Page title="Confirm your beds" subtitle={`${p.name} · ${p.city}, ${p.state}`}>
      <Card className="max-w-xl">
        <CardContent className="space-y-5 pt-6">
          {confirm.isSuccess ? (
            <div role="status" className="space-y-3">
              <p className="flex items-center gap-2 text-lg font-semibold text-emerald-800">
                <CalendarCheck className="h-5 w-5" aria-hidden="true" /> Thank you: availability confirmed
              </p>
              <p className="text-slate-700">
                {p.available_beds} of {p.total_beds} beds available
              </p>
              <BedsFreshness confirmedAt={p.beds_confirmed_at} />
              <ButtonLink to={`/property/${p.id}`} variant="outline">
                View your listing
              </ButtonLink>
            </div>
          ) : (
            <>
              <p className="flex items-center gap-2 text-slate-800">
                <Bed className="h-5 w-5" aria-hidden="true" />
                Homeward shows {p.available_beds} of {p.total_beds} beds available.
              </p>
              <BedsFreshness confirmedAt={p.beds_confirmed_at} />
              {confirm.isError && (
                <p role="alert" className="text-sm text-red-700">
                  {errorMessage(confirm.error, 'Failed to confirm beds')}
                </p>
              )}
              <Button onClick={() => confirm.mutate({ token })} disabled={confirm.isPending}>
                <CalendarCheck className="h-4 w-4" aria-hidden="true" /> Yes, {p.available_beds} of {p.total_beds} beds are available
              </Button>
              <form onSubmit={update} className="space-y-3 border-t border-slate-200 pt-4" aria-label="Update the count">
                <Field label="Or update the count" error={fieldError}>
                  <Input type="number" min={0} max={p.total_beds} inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
                </Field>
                <Button type="submit" variant="outline" disabled={confirm.isPending}>
                  Save new count
                </Button>
              </form>
              <p className="text-xs text-slate-600">This link works once and expires 7 days after it was sent.</p>
            </>
          )}
        </CardContent>
      </Card>
    </Page>
  )
}

const Problem = ({ message }: { message: string }) => <LinkProblem message={message} action={{ to: '/operator-dashboard', label: 'Go to your dashboard' }} />
