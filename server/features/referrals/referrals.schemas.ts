import { z } from 'zod'
import { clock } from '../../lib/clock'
import { referralExtrasFields } from '../care/care-extras.schemas'
import { US_STATES } from '../geo/states'
import { GENDERS, REFERRER_ROLES } from './referrals.constants'

/** A name's limit is said with its refusal: "too long" alone leaves the user guessing how long is allowed. */
const tooLong = (label: string, max: number) => `${label} is too long (at most ${max} characters)`

/**
 * The referral form, one schema per step of the six-step indicator. The server validates the union of all six; the client form
 * validates the current step on Next with the same schemas, so every message
 * exists once. Each step's schema below states which fields are required and
 * the limits of the optional ones. A blank optional field becomes null.
 */

// The statuses, roles and genders with their labels live in referrals.constants.ts (zod-free, for the pages that only show them).
export * from './referrals.constants'

/** The Monthly Budget select. The upper bound of a range drives matching (budget_max_cents). */
export const BUDGET_RANGES = [
  'Under $1,500',
  '$1,500-$2,000',
  '$2,000-$3,000',
  '$3,000-$4,000',
  '$4,000-$5,000',
  '$5,000+',
] as const

export const MARITAL_STATUSES = ['single', 'married', 'divorced', 'separated', 'widowed', 'other'] as const
export const MEDICAID_STATUSES = ['active', 'pending', 'not-enrolled', 'unknown'] as const
export const BENEFIT_TYPES = ['SSI', 'SSDI', 'Medicaid', 'Medicare', 'SNAP', 'VA Benefits', 'Housing Assistance', 'Other'] as const

/**
 * Upper bound of a budget range in cents ('$3,000-$4,000' → 400000, 'Under $1,500'
 * → 150000); null for an open range ('$5,000+'), which matches any fee.
 */
export function budgetMaxCents(range: string): number | null {
  if (range.trim().endsWith('+')) return null
  const amounts = [...range.matchAll(/\$?\s*(\d[\d,]*)/g)].map((m) => Number(m[1]!.replace(/,/g, '')))
  return amounts.length ? Math.max(...amounts) * 100 : null
}

// ─── field builders ──────────────────────────────────────────────────────────

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')
const blankToNull = (v: unknown) => (isBlank(v) ? null : v)

/** Optional free text: trimmed, blank → null, at most `max` characters. */
const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be less than ${max} characters`)
      .nullable(),
  )

/** Optional name of a person: 2-100 characters like the referrer's name. */
const optionalName = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .min(2, `${label} must be at least 2 characters`)
      .max(100, tooLong(label, 100))
      .nullable(),
  )

// Digits, spaces, dashes and parentheses, at most 20; at least 10 like every phone in the product.
const PHONE_PATTERN = /^[0-9\s\-()]+$/
const phoneChecks = (s: z.ZodString) =>
  s
    .regex(PHONE_PATTERN, 'Invalid phone number format')
    .min(10, 'Phone number is too short')
    .max(20, 'Phone number is too long')

const requiredPhone = phoneChecks(
  z.string({ error: 'Phone number is required' }).trim().min(1, 'Phone number is required'),
)
const optionalPhone = z.preprocess(blankToNull, phoneChecks(z.string({ error: 'Invalid phone number format' }).trim()).nullable())

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const isRealDate = (s: string) => {
  if (!ISO_DATE.test(s)) return false
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
}
const today = () => clock.now().toISOString().slice(0, 10)

const optionalPastDate = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} must be in YYYY-MM-DD format` })
      .trim()
      .refine(isRealDate, `${label} must be in YYYY-MM-DD format`)
      .refine((s) => !isRealDate(s) || s <= today(), `${label} cannot be in the future`)
      .nullable(),
  )

/** Yes / no questions that may be left unanswered: true, false or null. */
const optionalYesNo = z.preprocess(
  (v) => (isBlank(v) ? null : v === 'yes' || v === 'true' ? true : v === 'no' || v === 'false' ? false : v),
  z.boolean({ error: 'Please answer yes or no' }).nullable(),
)

/** A requirement checkbox: unchecked when absent. */
const checkbox = z.preprocess((v) => (v === undefined || v === null ? false : v), z.boolean({ error: 'Must be checked or unchecked' }))

const optionalCount = (label: string, max: number) =>
  z.preprocess(
    (v) => (isBlank(v) ? null : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(0, `${label} cannot be negative`)
      .max(max, `${label} must be ${max} or less`)
      .nullable(),
  )

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blankToNull, z.enum(values, { error: message }).nullable())

// ─── the six steps ───────────────────────────────────────────────────────────

/** Step 1 — Referrer Info. */
export const referrerStepSchema = z.object({
  referrer_name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .min(2, 'Name must be at least 2 characters')
    .max(100, 'Name is too long'),
  referrer_relationship: z.enum(REFERRER_ROLES, { error: 'Please select your role' }),
  referrer_email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(255, 'Email is too long')
    .pipe(z.email('Invalid email address')),
  referrer_phone: requiredPhone,
  referral_source: optionalText('Referral source', 200),
})

/** Step 2 — Client Info. */
export const clientStepSchema = z.object({
  client_first_name: z
    .string({ error: 'First name is required' })
    .trim()
    .min(1, 'First name is required')
    .max(50, tooLong('First name', 50)),
  client_last_name: z
    .string({ error: 'Last name is required' })
    .trim()
    .min(1, 'Last name is required')
    .max(50, tooLong('Last name', 50)),
  client_dob: z
    .string({ error: 'Date of birth is required' })
    .trim()
    .min(1, 'Date of birth is required')
    .refine((s) => s === '' || isRealDate(s), 'Date of birth must be in YYYY-MM-DD format')
    .refine((s) => !isRealDate(s) || s <= today(), 'Date of birth cannot be in the future')
    .refine((s) => !isRealDate(s) || s >= '1900-01-01', 'Please enter a valid date of birth'),
  client_gender: z.enum(GENDERS, { error: 'Please select a gender' }),
  client_phone: optionalPhone,
  client_previous_address: optionalText('Previous address', 300),
  client_city: optionalText('City', 100),
  client_zip: z.preprocess(
    blankToNull,
    z
      .string({ error: 'Invalid ZIP code' })
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, 'Invalid ZIP code')
      .nullable(),
  ),
  client_marital_status: optionalChoice(MARITAL_STATUSES, 'Please select a marital status from the list'),
  client_race: optionalText('Race', 100),
  client_ethnicity: optionalText('Ethnicity', 100),
  client_primary_language: optionalText('Primary language', 50),
  preferred_state: z
    .string({ error: 'Preferred state is required' })
    .trim()
    .toUpperCase()
    .min(1, 'Preferred state is required')
    .max(2, 'State must be 2 characters')
    .refine((s) => s === '' || s.length > 2 || s in US_STATES, 'Please select a valid state'),
  /** A list; the form sends the comma-separated text of one input. */
  preferred_cities: z.preprocess(
    (v) =>
      isBlank(v)
        ? []
        : typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
    z
      .array(z.string({ error: 'Each city must be text' }).trim().min(1, 'City names cannot be empty').max(100, 'City name is too long'), {
        error: 'Preferred cities must be a list',
      })
      .max(10, 'Please list at most 10 cities'),
  ),
})

/** Step 3 — Emergency & Legal. */
export const emergencyLegalStepSchema = z.object({
  emergency_contact_name: optionalName('Emergency contact name'),
  emergency_contact_phone: optionalPhone,
  emergency_contact_relationship: optionalText('Relationship', 100),
  emergency_contact_address: optionalText('Address', 300),
  legal_pending_cases: optionalYesNo,
  legal_current_probation: optionalYesNo,
  legal_previous_cj_involvement: optionalYesNo,
  legal_cj_contact_name: optionalName('Criminal justice contact name'),
  legal_cj_contact_phone: optionalPhone,
})

/** Step 4 — Health & Substance. */
export const healthStepSchema = z.object({
  client_medical_conditions: optionalText('Medical conditions', 1000),
  health_psychiatric_conditions: optionalText('Psychiatric conditions', 1000),
  health_current_medications: optionalText('Current medications', 1000),
  health_allergies: optionalText('Allergies', 500),
  health_current_provider: optionalText('Current provider', 200),
  health_current_doctor: optionalName('Doctor name'),
  health_doctor_phone: optionalPhone,
  substance_attends_aa_na: optionalYesNo,
  substance_aa_na_frequency: optionalCount('Meetings per week', 50),
  substance_last_use_date: optionalPastDate('Last use date'),
  substance_sobriety_length: optionalText('Length of sobriety', 100),
})

/** Step 5 — Income & Benefits (and the client's case manager). */
export const incomeStepSchema = z.object({
  income_source: optionalText('Income source', 200),
  income_people_dependent: optionalCount('People dependent on the income', 20),
  income_minors_dependent: optionalCount('Minors dependent on the income', 20),
  benefits_types: z.preprocess(
    (v) => (isBlank(v) || (Array.isArray(v) && v.length === 0) ? null : v),
    z
      .array(z.enum(BENEFIT_TYPES, { error: 'Please choose benefits from the list' }), {
        error: 'Please choose benefits from the list',
      })
      .nullable(),
  ),
  medicaid_status: optionalChoice(MEDICAID_STATUSES, 'Please select a Medicaid status from the list'),
  case_manager_name: optionalName('Case manager name'),
  case_manager_phone: optionalPhone,
  case_manager_agency: optionalText('Agency', 200),
})

/**
 * Step 6 — Requirements: the five checkboxes are matched against property
 * flags; level of care and funding source against what each home declares
 *; the timeline and the urgent flag tell operators how soon.
 */
export const requirementsStepSchema = z.object({
  requires_wheelchair_accessible: checkbox,
  requires_pet_friendly: checkbox,
  requires_private_room: checkbox,
  requires_medical_care_24_7: checkbox,
  requires_sex_offender_friendly: checkbox,
  ...referralExtrasFields,
  budget_range: z.enum(BUDGET_RANGES, { error: 'Please select a monthly budget' }),
  client_mobility_needs: optionalText('Mobility needs', 500),
  client_dietary_restrictions: optionalText('Dietary restrictions', 500),
  client_behavioral_notes: optionalText('Behavioral notes', 1000),
  additional_notes: optionalText('Additional information', 2000),
})

/** The steps in indicator order, with their titles. */
export const REFERRAL_STEPS = [
  { title: 'Referrer Info', schema: referrerStepSchema },
  { title: 'Client Info', schema: clientStepSchema },
  { title: 'Emergency & Legal', schema: emergencyLegalStepSchema },
  { title: 'Health & Substance', schema: healthStepSchema },
  { title: 'Income & Benefits', schema: incomeStepSchema },
  { title: 'Requirements', schema: requirementsStepSchema },
] as const

/** POST /api/referrals: every step at once. */
export const createReferralSchema = z.object({
  ...referrerStepSchema.shape,
  ...clientStepSchema.shape,
  ...emergencyLegalStepSchema.shape,
  ...healthStepSchema.shape,
  ...incomeStepSchema.shape,
  ...requirementsStepSchema.shape,
})

export type CreateReferralInput = z.output<typeof createReferralSchema>

export const myReferralsQuerySchema = z.object({
  active: z.enum(['0', '1', 'true', 'false'], { error: 'active must be 1 or 0' }).optional(),
})

export const referralIdParamSchema = z.object({
  id: z.string().min(1).max(64),
})
