import { zodResolver } from '@hookform/resolvers/zod'
import { format, startOfToday } from 'date-fns'
import { useEffect, useState } from 'react'
import { DayPicker } from 'react-day-picker'
import { Controller, useForm, type FieldErrors } from 'react-hook-form'
import { toast } from '../../../lib/toast'
import type { z } from 'zod'
import { tourRequestSchema, TOUR_NOTES_MAX } from '@server/features/tours/tours.schemas'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Input, Textarea } from '../../../components/ui/input'
import { ApiError } from '../../../lib/api'
import { personName } from '../../../lib/format'
import { useAuth } from '../../auth'
import { useRequestTour } from '../api/request-tour'
import { NoOnlineTours } from './TourContacts'

const TOUR_REQUESTED = 'Your tour request has been submitted. The operator will contact you to confirm.'

type Values = z.input<typeof tourRequestSchema>
const EMPTY: Values = { property_id: '', visitor_name: '', visitor_email: '', visitor_phone: '', scheduled_date: '', scheduled_time: '', notes: '' }
/** The schema's field order decides which message is "first". */
const ORDER = ['visitor_name', 'visitor_email', 'visitor_phone', 'scheduled_date', 'scheduled_time', 'notes'] as const

/**
 * Schedule a Tour: visitor details, a calendar that cannot
 * pick past days, a time (the browser's time control, sent as HH:mm) and optional notes. The server checks
 * the same rules and refuses non-premium properties.
 */
export function ScheduleTourDialog({
  property,
  open,
  onOpenChange,
}: {
  /** With its operator, so a home that takes no online tours says so before any field. */
  property: { id: string; name: string; operator?: { name: string; username: string | null; premium: boolean } }
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { user } = useAuth()
  // A signed-in visitor is not asked again for what the account knows; they can still change it.
  const start: Values = {
    ...EMPTY,
    property_id: property.id,
    visitor_name: user ? personName(user.first_name, user.last_name) : '',
    visitor_email: user?.email ?? '',
    visitor_phone: user?.phone ?? '',
  }
  const form = useForm<Values>({ resolver: zodResolver(tourRequestSchema), defaultValues: start })
  const { errors, isSubmitting } = form.formState
  // The account can arrive after the dialog opened (a page rendered on the server is usable before it is
  // known, ADR 027): it fills the contact fields the visitor has not typed in yet.
  useEffect(() => {
    if (!user) return
    const known = { visitor_name: personName(user.first_name, user.last_name), visitor_email: user.email, visitor_phone: user.phone ?? '' }
    for (const [field, value] of Object.entries(known) as [keyof typeof known, string][]) {
      if (!form.getFieldState(field).isDirty && !form.getValues(field)) form.setValue(field, value)
    }
  }, [user, form])
  const [notesLength, setNotesLength] = useState(0)

  const close = () => {
    form.reset(start)
    setNotesLength(0)
    onOpenChange(false)
  }

  const onInvalid = (invalid: FieldErrors<Values>) => {
    const first = ORDER.map((k) => invalid[k]?.message).find(Boolean)
    toast.error('Validation Error', { description: first ?? 'Please check the form' })
  }

  const request = useRequestTour()
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync({ ...values, property_id: property.id })
      toast.success('Tour Requested', {
        // The specification's words for everyone; a guest is also told where the request lives: the e-mail, and an
        // account with that address once it is confirmed.
        description: user
          ? TOUR_REQUESTED
          : `${TOUR_REQUESTED} We e-mailed a confirmation to ${values.visitor_email}. Create an account with this address and confirm it to follow the request on your dashboard.`,
      })
      close()
    } catch (error) {
      if (error instanceof ApiError && error.code === 'premium_required') toast.error('Premium Feature', { description: error.message })
      else if (error instanceof ApiError && error.status === 422) toast.error('Validation Error', { description: error.message })
      else toast.error('Error', { description: error instanceof ApiError && error.message ? error.message : 'Failed to schedule tour' })
    }
  }, onInvalid)

  if (property.operator && !property.operator.premium) {
    return (
      <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} title="Schedule a Tour" description={property.name}>
        <NoOnlineTours home={property.name} operator={property.operator} />
        <div className="mt-6 flex justify-end">
          <Button variant="outline" onClick={close}>
            Close
          </Button>
        </div>
      </Dialog>
    )
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} title="Schedule a Tour" description={property.name}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Your name" error={errors.visitor_name?.message} required>
          <Input autoComplete="name" {...form.register('visitor_name')} />
        </Field>
        <Field label="Email" error={errors.visitor_email?.message} required>
          <Input type="email" autoComplete="email" {...form.register('visitor_email')} />
        </Field>
        <Field label="Phone" error={errors.visitor_phone?.message} required>
          <Input type="tel" autoComplete="tel" {...form.register('visitor_phone')} />
        </Field>
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-slate-800">
            Date <span className="text-red-700" aria-hidden="true">*</span>
          </legend>
          <Controller
            control={form.control}
            name="scheduled_date"
            render={({ field }) => (
              <div className="rounded-md border border-slate-200 p-2" data-testid="tour-calendar">
                <DayPicker
                  mode="single"
                  selected={field.value ? new Date(`${field.value}T00:00:00`) : undefined}
                  onSelect={(day) => field.onChange(day ? format(day, 'yyyy-MM-dd') : '')}
                  disabled={{ before: startOfToday() }}
                  startMonth={startOfToday()}
                  // The accessible name starts with the visible day number (WCAG 2.5.3 label in name).
                  labels={{
                    labelDayButton: (date, modifiers) =>
                      `${format(date, 'd')}, ${format(date, 'EEEE, MMMM yyyy')}${modifiers.selected ? ', selected' : ''}`,
                  }}
                  className="text-sm"
                />
              </div>
            )}
          />
          <p className="text-sm text-slate-700" aria-live="polite">
            {form.watch('scheduled_date') ? `Selected: ${format(new Date(`${form.watch('scheduled_date')}T00:00:00`), 'EEEE, MMMM d, yyyy')}` : 'No date selected'}
          </p>
          <p role="alert" className={errors.scheduled_date ? 'text-sm text-red-700' : 'sr-only'}>
            {errors.scheduled_date?.message ?? ''}
          </p>
        </fieldset>
        {/* The browser's time control shows the visitor's own clock (2:30 PM or 14:30) and sends HH:mm: no format to explain. */}
        <Field label="Time" hint="At the home's local time" error={errors.scheduled_time?.message} required>
          <Input type="time" step={60} {...form.register('scheduled_time')} />
        </Field>
        <Field label="Notes (optional)" error={errors.notes?.message} hint={`${notesLength}/${TOUR_NOTES_MAX}`}>
          <Textarea rows={3} {...form.register('notes', { onChange: (e) => setNotesLength(e.target.value.length) })} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Submitting...' : 'Request Tour'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
