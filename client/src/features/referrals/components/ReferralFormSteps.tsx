import { createContext, useContext, type ReactNode } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import {
  BENEFIT_TYPES,
  BUDGET_RANGES,
  GENDER_LABELS,
  GENDERS,
  MARITAL_STATUSES,
  MEDICAID_STATUSES,
  REFERRER_ROLE_LABELS,
  REFERRER_ROLES,
} from '@server/features/referrals/referrals.schemas'
import {
  CARE_LEVEL_HINTS,
  CARE_LEVEL_LABELS,
  CARE_LEVELS,
  FUNDING_SOURCE_LABELS,
  FUNDING_SOURCES,
  TIMELINE_LABELS,
  TIMELINES,
} from '@server/features/care/care-extras.constants'
import { US_STATES } from '@server/features/geo/states'
import { Field } from '../../../components/ui/field'
import { Checkbox, Input, Select, Textarea } from '../../../components/ui/input'
import { ReferrerPaymentNote } from '../../../components/ReferrerPaymentNote'
import type { FieldName, ReferralFormValues } from '../referral-form'

type Form = UseFormReturn<ReferralFormValues>

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/-/g, ' ')
const today = () => new Date().toISOString().slice(0, 10)

/** The heading of each step as shown above its fields. */
export const STEP_HEADINGS = [
  'Your Information',
  'Client Information',
  'Emergency Contact & Legal',
  'Health & Substance Use',
  'Income & Benefits',
  'Care Requirements & Preferences',
]

/** The fields a health record filled (the import): each says so under its input, to be checked. */
const FromRecord = createContext<ReadonlySet<string>>(new Set())
export const FROM_RECORD = 'From the health record'
const useHint = (name: FieldName, hint?: string) => {
  const fromRecord = useContext(FromRecord).has(name)
  return [hint, fromRecord && FROM_RECORD].filter(Boolean).join(' · ') || undefined
}

function Grid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>
}

/** A labelled text input bound to the form, with its message. */
function TextField({ form, name, label, required, type = 'text', hint, className, ...rest }: {
  form: Form
  name: FieldName
  label: string
  required?: boolean
  type?: string
  hint?: string
  className?: string
  autoComplete?: string
  inputMode?: 'numeric' | 'tel' | 'email' | 'text'
  max?: string
  min?: string
}) {
  return (
    <Field label={label} error={form.formState.errors[name]?.message} required={required} hint={useHint(name, hint)} className={className}>
      <Input type={type} {...rest} {...form.register(name)} />
    </Field>
  )
}

function AreaField({ form, name, label, max }: { form: Form; name: FieldName; label: string; max: number }) {
  return (
    <Field label={label} error={form.formState.errors[name]?.message} hint={useHint(name, `Up to ${max} characters`)} className="sm:col-span-2">
      <Textarea rows={3} {...form.register(name)} />
    </Field>
  )
}

function ChoiceField({ form, name, label, options, placeholder, required }: {
  form: Form
  name: FieldName
  label: string
  options: ReadonlyArray<readonly [string, string]>
  placeholder: string
  required?: boolean
}) {
  return (
    <Field label={label} error={form.formState.errors[name]?.message} required={required} hint={useHint(name)}>
      <Select {...form.register(name)}>
        <option value="">{placeholder}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Select>
    </Field>
  )
}

const YES_NO = [
  ['yes', 'Yes'],
  ['no', 'No'],
] as const

function YesNoField({ form, name, label }: { form: Form; name: FieldName; label: string }) {
  return <ChoiceField form={form} name={name} label={label} options={YES_NO} placeholder="Not specified" />
}

function ReferrerInfo({ form }: { form: Form }) {
  return (
    <Grid>
      <TextField form={form} name="referrer_name" label="Full Name" required autoComplete="name" />
      <ChoiceField
        form={form}
        name="referrer_relationship"
        label="Your Role"
        placeholder="Select your role"
        options={REFERRER_ROLES.map((r) => [r, REFERRER_ROLE_LABELS[r]] as const)}
        required
      />
      <TextField form={form} name="referrer_email" label="Email" type="email" required autoComplete="email" />
      <TextField form={form} name="referrer_phone" label="Phone" type="tel" required autoComplete="tel" hint="e.g. (555) 123-4567" />
      <TextField form={form} name="referral_source" label="Referral Source" hint="Hospital, agency or program referring the client" className="sm:col-span-2" />
      {/* Said before anything is typed: the referrer decides knowing she may be paid, and that she may decline it. */}
      <ReferrerPaymentNote className="sm:col-span-2" />
    </Grid>
  )
}

function ClientInfo({ form }: { form: Form }) {
  return (
    <Grid>
      <TextField form={form} name="client_first_name" label="First Name" required autoComplete="off" />
      <TextField form={form} name="client_last_name" label="Last Name" required autoComplete="off" />
      <TextField form={form} name="client_dob" label="Date of Birth" type="date" required max={today()} min="1900-01-01" />
      <ChoiceField
        form={form}
        name="client_gender"
        label="Gender"
        placeholder="Select gender"
        options={GENDERS.map((g) => [g, GENDER_LABELS[g]] as const)}
        required
      />
      <TextField form={form} name="client_phone" label="Client Phone" type="tel" hint="Optional" />
      <ChoiceField
        form={form}
        name="client_marital_status"
        label="Marital Status"
        placeholder="Not specified"
        options={MARITAL_STATUSES.map((m) => [m, capitalise(m)] as const)}
      />
      <TextField form={form} name="client_previous_address" label="Previous Address" className="sm:col-span-2" />
      <TextField form={form} name="client_city" label="Current City" />
      <TextField form={form} name="client_zip" label="ZIP Code" inputMode="numeric" hint="5 digits or ZIP+4" />
      <TextField form={form} name="client_race" label="Race" />
      <TextField form={form} name="client_ethnicity" label="Ethnicity" />
      <TextField form={form} name="client_primary_language" label="Primary Language" />
      <ChoiceField
        form={form}
        name="preferred_state"
        label="Preferred State"
        placeholder="Select a state"
        options={Object.entries(US_STATES).map(([code, name]) => [code, name] as const)}
        required
      />
      <TextField form={form} name="preferred_cities" label="Preferred Cities" hint="Separate cities with commas" className="sm:col-span-2" />
    </Grid>
  )
}

function EmergencyLegal({ form }: { form: Form }) {
  return (
    <div className="space-y-6">
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">Emergency Contact</legend>
        <Grid>
          <TextField form={form} name="emergency_contact_name" label="Emergency Contact Name" />
          <TextField form={form} name="emergency_contact_phone" label="Emergency Contact Phone" type="tel" />
          <TextField form={form} name="emergency_contact_relationship" label="Relationship to Client" />
          <TextField form={form} name="emergency_contact_address" label="Emergency Contact Address" />
        </Grid>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">Legal</legend>
        <Grid>
          <YesNoField form={form} name="legal_pending_cases" label="Pending legal cases?" />
          <YesNoField form={form} name="legal_current_probation" label="Currently on probation or parole?" />
          <YesNoField form={form} name="legal_previous_cj_involvement" label="Previous criminal justice involvement?" />
          <span className="hidden sm:block" />
          <TextField form={form} name="legal_cj_contact_name" label="Probation or Justice Contact Name" />
          <TextField form={form} name="legal_cj_contact_phone" label="Probation or Justice Contact Phone" type="tel" />
        </Grid>
      </fieldset>
    </div>
  )
}

function HealthSubstance({ form }: { form: Form }) {
  return (
    <div className="space-y-6">
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">Health</legend>
        <Grid>
          <AreaField form={form} name="client_medical_conditions" label="Medical Conditions" max={1000} />
          <AreaField form={form} name="health_psychiatric_conditions" label="Psychiatric Conditions" max={1000} />
          <AreaField form={form} name="health_current_medications" label="Current Medications" max={1000} />
          <AreaField form={form} name="health_allergies" label="Allergies" max={500} />
          <TextField form={form} name="health_current_provider" label="Current Healthcare Provider" />
          <TextField form={form} name="health_current_doctor" label="Primary Doctor" />
          <TextField form={form} name="health_doctor_phone" label="Doctor Phone" type="tel" />
        </Grid>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">Substance Use</legend>
        <Grid>
          <YesNoField form={form} name="substance_attends_aa_na" label="Attends AA/NA meetings?" />
          <TextField form={form} name="substance_aa_na_frequency" label="Meetings per Week" type="number" inputMode="numeric" min="0" />
          <TextField form={form} name="substance_last_use_date" label="Last Use Date" type="date" max={today()} />
          <TextField form={form} name="substance_sobriety_length" label="Length of Sobriety" hint="e.g. 18 months" />
        </Grid>
      </fieldset>
    </div>
  )
}

function IncomeBenefits({ form }: { form: Form }) {
  const benefitsError = form.formState.errors.benefits_types?.message
  return (
    <div className="space-y-6">
      <Grid>
        <TextField form={form} name="income_source" label="Primary Income Source" hint="e.g. Social Security, pension, employment" className="sm:col-span-2" />
        <TextField form={form} name="income_people_dependent" label="People Dependent on Income" type="number" inputMode="numeric" min="0" />
        <TextField form={form} name="income_minors_dependent" label="Minors Dependent on Income" type="number" inputMode="numeric" min="0" />
      </Grid>
      <fieldset className="space-y-2" aria-describedby={benefitsError ? 'benefits-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">Benefits Received</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {BENEFIT_TYPES.map((b) => (
            <Checkbox key={b} label={b} value={b} {...form.register('benefits_types')} />
          ))}
        </div>
        {benefitsError && (
          <p id="benefits-error" role="alert" className="text-sm text-red-700">
            {benefitsError}
          </p>
        )}
      </fieldset>
      <Grid>
        <ChoiceField
          form={form}
          name="medicaid_status"
          label="Medicaid Status"
          placeholder="Not specified"
          options={MEDICAID_STATUSES.map((m) => [m, capitalise(m)] as const)}
        />
        <span className="hidden sm:block" />
        <TextField form={form} name="case_manager_name" label="Case Manager Name" />
        <TextField form={form} name="case_manager_phone" label="Case Manager Phone" type="tel" />
        <TextField form={form} name="case_manager_agency" label="Case Manager Agency" className="sm:col-span-2" />
      </Grid>
    </div>
  )
}

const REQUIREMENTS: ReadonlyArray<readonly [FieldName, string]> = [
  ['requires_wheelchair_accessible', 'Wheelchair accessible'],
  ['requires_pet_friendly', 'Pet friendly (client has a pet)'],
  ['requires_private_room', 'Private room required'],
  ['requires_medical_care_24_7', '24/7 medical care required'],
  ['requires_sex_offender_friendly', 'Sex offender friendly required'],
]

/**
 * Level of care and funding are matched against what each home
 * declares (a home that does not offer them is not matched); the timeline
 * and the urgent flag tell operators how soon.
 */
function CareAndFunding({ form }: { form: Form }) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-medium text-slate-800">Level of care and funding</legend>
      <p className="text-xs text-slate-600">
        When you choose a level of care or a funding source, only homes that offer that care and accept that funding are matched. Leave them as Not specified to
        match on the rest.
      </p>
      <Grid>
        <ChoiceField
          form={form}
          name="level_of_care"
          label="Level of Care"
          placeholder="Not specified"
          options={CARE_LEVELS.map((l) => [l, `${CARE_LEVEL_LABELS[l]}: ${CARE_LEVEL_HINTS[l]}`] as const)}
        />
        <ChoiceField
          form={form}
          name="funding_source"
          label="Funding Source"
          placeholder="Not specified"
          options={FUNDING_SOURCES.map((f) => [f, FUNDING_SOURCE_LABELS[f]] as const)}
        />
        <ChoiceField
          form={form}
          name="timeline"
          label="Placement Timeline"
          placeholder="Not specified"
          options={TIMELINES.map((t) => [t, TIMELINE_LABELS[t]] as const)}
        />
        <div className="flex items-end pb-2">
          <Checkbox label="Urgent placement (shown first to operators)" {...form.register('is_urgent')} />
        </div>
      </Grid>
    </fieldset>
  )
}

function Requirements({ form }: { form: Form }) {
  return (
    <div className="space-y-6">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Requirements</legend>
        <p className="text-xs text-slate-600">Only homes that meet every checked requirement are matched.</p>
        <div className="grid gap-2 sm:grid-cols-2">
          {REQUIREMENTS.map(([name, label]) => (
            <Checkbox key={name} label={label} {...form.register(name)} />
          ))}
        </div>
      </fieldset>
      <CareAndFunding form={form} />
      <Grid>
        <ChoiceField
          form={form}
          name="budget_range"
          label="Monthly Budget"
          placeholder="Select a budget range"
          options={BUDGET_RANGES.map((b) => [b, b] as const)}
          required
        />
        <span className="hidden sm:block" />
        <AreaField form={form} name="client_mobility_needs" label="Mobility Needs" max={500} />
        <AreaField form={form} name="client_dietary_restrictions" label="Dietary Restrictions" max={500} />
        <AreaField form={form} name="client_behavioral_notes" label="Behavioral Notes" max={1000} />
        <AreaField form={form} name="additional_notes" label="Additional Information" max={2000} />
      </Grid>
      <p className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
        <strong>Privacy notice:</strong> The information you provide is confidential and will only be shared with qualified group home operators.
      </p>
    </div>
  )
}

const STEPS = [ReferrerInfo, ClientInfo, EmergencyLegal, HealthSubstance, IncomeBenefits, Requirements]

/** The fields of one step of the referral form. */
export function ReferralStepFields({ step, form, fromRecord }: { step: number; form: Form; fromRecord: ReadonlySet<string> }) {
  const Step = STEPS[step]!
  return (
    <FromRecord.Provider value={fromRecord}>
      <Step form={form} />
    </FromRecord.Provider>
  )
}
