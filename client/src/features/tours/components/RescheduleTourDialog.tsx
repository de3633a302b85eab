import { format } from 'date-fns'
import { zonedClockTime } from '@server/lib/slot-text'
import { useState, type FormEvent } from 'react'
import { toast } from '../../../lib/toast'
import { tourRescheduleSchema } from '@server/features/tours/tours.schemas'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { ApiError, errorMessage } from '../../../lib/api'

type Errors = { scheduled_date?: string; scheduled_time?: string }

/**
 * Propose a new time: a date and a 24-hour time at the home. The
 * shared schema checks the format here; the server also refuses a slot that
 * is already past in the home's time zone, and its message is shown on the
 * date field and under 'Validation Error'.
 */
export function RescheduleTourDialog({
  tour,
  open,
  onOpenChange,
  onPropose,
}: {
  tour: { visitor_name: string; scheduled_date: string; scheduled_time: string; time_zone: string }
  open: boolean
  onOpenChange: (open: boolean) => void
  onPropose: (input: { scheduled_date: string; scheduled_time: string }) => Promise<unknown>
}) {
  const [date, setDate] = useState('')
  const [time, setTime] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)

  const close = () => {
    setDate('')
    setTime('')
    setErrors({})
    onOpenChange(false)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = tourRescheduleSchema.safeParse({ scheduled_date: date, scheduled_time: time })
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message
      setErrors(next)
      toast.error('Validation Error', { description: parsed.error.issues[0]?.message })
      return
    }
    setErrors({})
    setBusy(true)
    try {
      await onPropose(parsed.data)
      toast.success('New time proposed', { description: `${tour.visitor_name} has been e-mailed a link to accept or decline it.` })
      close()
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors({ scheduled_date: error.fields?.scheduled_date, scheduled_time: error.fields?.scheduled_time })
        toast.error('Validation Error', { description: error.message })
      } else {
        toast.error(errorMessage(error, 'Failed to propose a new time'))
        // The tour changed elsewhere (409: cancelled or over): nothing to propose a time for; the message says why.
        if (error instanceof ApiError && error.status === 409) close()
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Propose a new time"
      description={`The tour with ${tour.visitor_name} is now on ${format(new Date(`${tour.scheduled_date}T00:00:00`), 'EEE, MMM d, yyyy')} at ${zonedClockTime(tour.scheduled_date, tour.scheduled_time, tour.time_zone)} (the home's local time). The visitor gets an e-mail with a link to accept or decline the new time; until then the tour shows as Rescheduling.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="New date" required error={errors.scheduled_date}>
          <Input type="date" min={format(new Date(), 'yyyy-MM-dd')} value={date} onChange={(e) => setDate(e.target.value)} />
        </Field>
        <Field label="New time (the home's local time)" required error={errors.scheduled_time}>
          <Input type="time" step={60} value={time} onChange={(e) => setTime(e.target.value)} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={close}>
            Back
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Sending...' : 'Send to the visitor'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
