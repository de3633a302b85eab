import type { z } from 'zod'
import { REFERRAL_STEPS, type createReferralSchema } from '@server/features/referrals/referrals.schemas'
import { DRAFT_DOCUMENTS_KEY, DRAFT_KEY } from './draft-storage'

export { clearDraft } from './draft-storage'

type YesNo = '' | 'yes' | 'no'

/**
 * What the form holds while it is being filled: text inputs keep strings
 * (the shared schemas turn them into numbers, booleans, lists and nulls), the
 * requirement and urgent checkboxes booleans, the benefits a list.
 */
export type ReferralFormValues = {
  [K in keyof z.input<typeof createReferralSchema>]-?: K extends `requires_${string}` | 'is_urgent'
    ? boolean
    : K extends 'benefits_types'
      ? string[]
      : K extends 'legal_pending_cases' | 'legal_current_probation' | 'legal_previous_cj_involvement' | 'substance_attends_aa_na'
        ? YesNo
        : string
}

export const EMPTY_REFERRAL: ReferralFormValues = {
  referrer_name: '',
  referrer_relationship: '',
  referrer_email: '',
  referrer_phone: '',
  referral_source: '',
  client_first_name: '',
  client_last_name: '',
  client_dob: '',
  client_gender: '',
  client_phone: '',
  client_previous_address: '',
  client_city: '',
  client_zip: '',
  client_marital_status: '',
  client_race: '',
  client_ethnicity: '',
  client_primary_language: '',
  preferred_state: '',
  preferred_cities: '',
  emergency_contact_name: '',
  emergency_contact_phone: '',
  emergency_contact_relationship: '',
  emergency_contact_address: '',
  legal_pending_cases: '',
  legal_current_probation: '',
  legal_previous_cj_involvement: '',
  legal_cj_contact_name: '',
  legal_cj_contact_phone: '',
  client_medical_conditions: '',
  health_psychiatric_conditions: '',
  health_current_medications: '',
  health_allergies: '',
  health_current_provider: '',
  health_current_doctor: '',
  health_doctor_phone: '',
  substance_attends_aa_na: '',
  substance_aa_na_frequency: '',
  substance_last_use_date: '',
  substance_sobriety_length: '',
  income_source: '',
  income_people_dependent: '',
  income_minors_dependent: '',
  benefits_types: [],
  medicaid_status: '',
  case_manager_name: '',
  case_manager_phone: '',
  case_manager_agency: '',
  requires_wheelchair_accessible: false,
  requires_pet_friendly: false,
  requires_private_room: false,
  requires_medical_care_24_7: false,
  requires_sex_offender_friendly: false,
  level_of_care: '',
  funding_source: '',
  timeline: '',
  is_urgent: false,
  budget_range: '',
  client_mobility_needs: '',
  client_dietary_restrictions: '',
  client_behavioral_notes: '',
  additional_notes: '',
}

export type FieldName = keyof ReferralFormValues

/** The fields of each step, in the order of the indicator. */
export const STEP_FIELDS = REFERRAL_STEPS.map((s) => Object.keys(s.schema.shape) as FieldName[])

/** Index of the step that holds `field` (for errors the server reports). */
export const stepOf = (field: string) => STEP_FIELDS.findIndex((fields) => (fields as string[]).includes(field))

/** One message per field, the first that failed (as the server reports them). */
export function fieldMessages(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const out: Partial<Record<FieldName, string>> = {}
  for (const issue of issues) {
    const field = String(issue.path[0]) as FieldName
    out[field] ??= issue.message
  }
  return out
}

// ─── the draft: kept across steps, Back/Forward, reload and the sign-in detour ───


/** What the tab keeps: the answers, the step shown, and the furthest step the answers have reached (validated). */
export type ReferralDraft = { values: ReferralFormValues; step: number; reached: number; fromRecord?: FieldName[] }

/**
 * Has anything been typed or chosen that differs from `baseline`? Against the
 * empty form: is there anything to keep. Against what the account filled in
 * (name, e-mail, phone): are there answers that leaving would abandon.
 */
export function hasAnswers(values: ReferralFormValues, baseline: ReferralFormValues = EMPTY_REFERRAL) {
  return (Object.keys(EMPTY_REFERRAL) as FieldName[]).some((field) => {
    const value = values[field]
    const base = baseline[field]
    if (Array.isArray(value)) return value.length > 0
    if (typeof value === 'boolean') return value !== base
    return String(value ?? '').trim() !== String(base ?? '').trim()
  })
}

const clampStep = (n: unknown) => (Number.isInteger(n) ? Math.min(Math.max(n as number, 0), STEP_FIELDS.length - 1) : 0)

/**
 * The draft lives in sessionStorage, never in localStorage, cookies or the
 * server: it holds a client's care data (health, legal, income), which the
 * server keeps sealed at rest (ADR 010). sessionStorage belongs to this tab
 * alone and is gone when the tab closes, so Back, Forward, reload and the
 * sign-in detour keep the answers while nothing outlives the session on a
 * shared computer; signing out clears it too (clearDraft from the header).
 */
export function saveDraft(draft: ReferralDraft) {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft))
  } catch {
    // Storage full or disabled: the user re-types after a reload, nothing else breaks.
  }
}

/** A health record's document, uploaded to the referral once it is submitted (base64 data, as the import answered it). */
export type DraftDocument = { title: string; content_type: string; data: string }

/** Keeps a record's documents with the draft; false when they do not fit in the tab's storage (they are then only on this page). */
export function saveDraftDocuments(documents: readonly DraftDocument[]) {
  try {
    if (documents.length) sessionStorage.setItem(DRAFT_DOCUMENTS_KEY, JSON.stringify(documents))
    else sessionStorage.removeItem(DRAFT_DOCUMENTS_KEY)
    return true
  } catch {
    return false
  }
}

const isDraftDocument = (d: unknown): d is DraftDocument =>
  !!d && typeof d === 'object' && ['title', 'content_type', 'data'].every((k) => typeof (d as Record<string, unknown>)[k] === 'string')

export function loadDraftDocuments(): DraftDocument[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(DRAFT_DOCUMENTS_KEY) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter(isDraftDocument) : []
  } catch {
    return []
  }
}

export function loadDraft(): ReferralDraft | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY)
    if (!raw) return null
    const parsed = JSON.parse(raw) as { values?: Partial<ReferralFormValues>; step?: number; reached?: number; fromRecord?: unknown }
    const step = clampStep(parsed.step)
    const fromRecord = Array.isArray(parsed.fromRecord) ? (parsed.fromRecord.filter((f) => typeof f === 'string' && f in EMPTY_REFERRAL) as FieldName[]) : []
    return { values: { ...EMPTY_REFERRAL, ...parsed.values }, step, reached: Math.max(step, clampStep(parsed.reached)), fromRecord }
  } catch {
    return null
  }
}

/**
 * The form's values with a health record's draft laid over them (the import
 * answers exactly the form's field names; text fields keep strings, the
 * benefits a list, the checkboxes 'true'). Fields the record does not fill keep what was typed.
 */
export function withImportedDraft(values: ReferralFormValues, draft: Partial<Record<string, string | string[]>>): ReferralFormValues {
  const out: Record<string, unknown> = { ...values }
  for (const [field, value] of Object.entries(draft)) {
    if (!(field in EMPTY_REFERRAL) || value === undefined) continue
    const empty = EMPTY_REFERRAL[field as FieldName]
    if (Array.isArray(empty)) out[field] = Array.isArray(value) ? value : [value]
    else if (typeof empty === 'string') out[field] = Array.isArray(value) ? value.join(', ') : value
    // The requirements' checkboxes and "urgent": a draft says 'true' (a Homeward export's order details and priority).
    else if (typeof empty === 'boolean') out[field] = value === 'true'
  }
  return out as ReferralFormValues
}
