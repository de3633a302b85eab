import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type FieldErrors } from 'react-hook-form'
import { toast } from '../../../../lib/toast'
import { ApiError } from '../../../../lib/api'
import type { z } from 'zod'
import type { ReactNode } from 'react'
import { Button } from '../../../../components/ui/button'
import { Field } from '../../../../components/ui/field'
import { Checkbox, Input, Select, Textarea } from '../../../../components/ui/input'
import { createPropertySchema, type CreateProperty } from '@server/features/properties/properties.schemas'
import {
  CARE_LEVEL_LABELS,
  CARE_LEVELS,
  FUNDING_SOURCE_LABELS,
  FUNDING_SOURCES,
  HOUSE_RULES_MAX,
  NEARBY_SERVICE_LABELS,
  NEARBY_SERVICES,
  ROOM_TYPE_LABELS,
  ROOM_TYPES,
} from '@server/features/care/care-extras.constants'
import { ChoiceCheckboxes, LanguageChoices } from '../../../care'
import type { MyProperty } from '../../api/properties'

type FormInput = z.input<typeof createPropertySchema>
const ORDER = [
  'name', 'address', 'city', 'state', 'zip_code', 'description', 'total_beds', 'available_beds', 'monthly_fee', 'license_number', 'amenities', 'demographics_served',
  'care_levels', 'funding_accepted', 'room_types', 'nearby_services', 'languages', 'house_rules',
] as const

/** The first failing message in the form's field order, as the 'Validation Error' toast shows it. */
export function firstError(errors: FieldErrors, order: readonly string[]) {
  for (const key of order) {
    const message = errors[key]?.message
    if (typeof message === 'string') return message
  }
  const any = Object.values(errors).find((e) => typeof e?.message === 'string')
  return (any?.message as string | undefined) ?? 'Please check the form'
}

const defaults = (p?: MyProperty): FormInput => ({
  name: p?.name ?? '',
  address: p?.address ?? '',
  city: p?.city ?? '',
  state: p?.state ?? '',
  zip_code: p?.zip_code ?? '',
  description: p?.description ?? '',
  total_beds: (p?.total_beds ?? '') as unknown as number,
  available_beds: (p?.available_beds ?? '') as unknown as number,
  monthly_fee: (p?.monthly_fee ?? '') as unknown as number,
  license_number: p?.license_number ?? '',
  licensing_type: p?.licensing_type ?? 'unlicensed',
  pets_allowed: p?.pets_allowed ?? false,
  sex_offender_friendly: p?.sex_offender_friendly ?? false,
  wheelchair_accessible: p?.wheelchair_accessible ?? false,
  private_rooms: p?.private_rooms ?? false,
  medical_care_24_7: p?.medical_care_24_7 ?? false,
  amenities: (p?.amenities ?? []).join(', ') as unknown as string[],
  demographics_served: (p?.demographics_served ?? []).join(', ') as unknown as string[],
  care_levels: p?.care_levels ?? [],
  funding_accepted: p?.funding_accepted ?? [],
  room_types: p?.room_types ?? [],
  nearby_services: p?.nearby_services ?? [],
  house_rules: p?.house_rules ?? '',
  languages: p?.languages ?? [],
})

/** Add and edit form of a property, validated by the same schema as the server. */
export function PropertyForm({
  property,
  submitLabel,
  notice,
  onSubmit,
  onCancel,
}: { property?: MyProperty; submitLabel: string; notice?: ReactNode; onSubmit: (values: CreateProperty) => Promise<void>; onCancel: () => void }) {
  const form = useForm<FormInput, unknown, CreateProperty>({ resolver: zodResolver(createPropertySchema), defaultValues: defaults(property) })
  const { errors, isSubmitting } = form.formState
  const err = (k: keyof FormInput) => errors[k]?.message as string | undefined
  const onInvalid = (e: FieldErrors) => toast.error('Validation Error', { description: firstError(e, ORDER) })
  /** The server checks the same rules; its field messages land under the fields. */
  const submit = async (values: CreateProperty) => {
    try {
      await onSubmit(values)
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) form.setError(field as keyof FormInput, { message })
      }
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit, onInvalid)} className="space-y-4">
      {notice}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Property name" required error={err('name')} className="sm:col-span-2">
          <Input {...form.register('name')} />
        </Field>
        <Field label="Address" required error={err('address')} className="sm:col-span-2">
          <Input autoComplete="street-address" {...form.register('address')} />
        </Field>
        <Field label="City" required error={err('city')}>
          <Input {...form.register('city')} />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field label="State" required error={err('state')} hint="2 letters, e.g. TX">
            <Input maxLength={2} className="uppercase" {...form.register('state')} />
          </Field>
          <Field label="ZIP code" required error={err('zip_code')}>
            <Input inputMode="numeric" autoComplete="postal-code" {...form.register('zip_code')} />
          </Field>
        </div>
        <Field label="Description" error={err('description')} className="sm:col-span-2">
          <Textarea {...form.register('description')} />
        </Field>
        <Field label="Total beds" required error={err('total_beds')}>
          <Input type="number" min={1} max={100} {...form.register('total_beds')} />
        </Field>
        <Field label="Available beds" required error={err('available_beds')}>
          <Input type="number" min={0} max={100} {...form.register('available_beds')} />
        </Field>
        <Field label="Monthly fee ($)" error={err('monthly_fee')}>
          <Input type="number" min={0} step="0.01" {...form.register('monthly_fee')} />
        </Field>
        <Field label="License number" error={err('license_number')}>
          <Input {...form.register('license_number')} />
        </Field>
        <Field label="Licensing type" error={err('licensing_type')}>
          <Select {...form.register('licensing_type')}>
            <option value="licensed">Licensed</option>
            <option value="in_progress">Licensing in progress</option>
            <option value="unlicensed">Unlicensed / family-operated</option>
          </Select>
        </Field>
        <Field label="Amenities" error={err('amenities')} hint="Separate with commas">
          <Input {...form.register('amenities')} />
        </Field>
        <Field label="Demographics served" error={err('demographics_served')} hint="Separate with commas" className="sm:col-span-2">
          <Input {...form.register('demographics_served')} />
        </Field>
      </div>
      <fieldset className="grid gap-2 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Features</legend>
        <Checkbox label="Pets allowed" {...form.register('pets_allowed')} />
        <Checkbox label="Sex offender friendly" {...form.register('sex_offender_friendly')} />
        <Checkbox label="Wheelchair accessible" {...form.register('wheelchair_accessible')} />
        <Checkbox label="Private rooms" {...form.register('private_rooms')} />
        <Checkbox label="24/7 medical care" {...form.register('medical_care_24_7')} />
      </fieldset>
      <div className="space-y-4 border-t border-slate-200 pt-4">
        <ChoiceCheckboxes
          legend="Levels of care offered"
          hint="Referrals that name a level of care are matched only to homes that offer it."
          values={CARE_LEVELS}
          labels={CARE_LEVEL_LABELS}
          register={form.register('care_levels')}
          error={err('care_levels')}
        />
        <ChoiceCheckboxes
          legend="Funding accepted"
          hint="Referrals that name a funding source are matched only to homes that accept it."
          values={FUNDING_SOURCES}
          labels={FUNDING_SOURCE_LABELS}
          register={form.register('funding_accepted')}
          error={err('funding_accepted')}
        />
        <ChoiceCheckboxes legend="Room types" values={ROOM_TYPES} labels={ROOM_TYPE_LABELS} register={form.register('room_types')} error={err('room_types')} />
        <ChoiceCheckboxes
          legend="Nearby services"
          values={NEARBY_SERVICES}
          labels={NEARBY_SERVICE_LABELS}
          register={form.register('nearby_services')}
          error={err('nearby_services')}
        />
        <LanguageChoices register={form.register('languages')} error={err('languages')} />
        <Field label="House rules" error={err('house_rules')} hint={`Up to ${HOUSE_RULES_MAX} characters`}>
          <Textarea rows={4} {...form.register('house_rules')} />
        </Field>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  )
}
