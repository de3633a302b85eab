import { z } from 'zod'
import { CARE_LEVELS, CLOSE_OUTCOMES, DECLINE_REASONS, FUNDING_SOURCES, REFERRAL_STATUSES, TIMELINES, VIEWER_ROLES, VISIBILITY_LEVELS } from '../../db/enums'
import { isoTime, itemsOf } from '../../lib/openapi'
import { REFERRAL_STEPS } from './referral-state'

/** Response bodies of the referral routes (OpenAPI; the services' return values). */

/**
 * The referral fields any card may show (clear at rest, not identifying):
 * the masked marketplace card, the owner's list and the full record share them.
 */
/** A referral in the document and message pickers: the caller may see the client's name there. */
export const referralListItemFields = {
  id: z.string(),
  client_name: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  created_at: z.string(),
}

export const referralCardFields = {
  id: z.string(),
  client_gender: z.string(),
  client_age: z.number().int().nullable().describe('Years; never the birth date'),
  preferred_state: z.string(),
  preferred_cities: z.array(z.string()),
  budget_range: z.string(),
  level_of_care: z.enum(CARE_LEVELS).nullable(),
  funding_source: z.enum(FUNDING_SOURCES).nullable(),
  timeline: z.enum(TIMELINES).nullable(),
  is_urgent: z.boolean(),
  interested_operators_count: z.number().int(),
  status: z.enum(REFERRAL_STATUSES),
  created_at: isoTime,
}

/** Requirement checkboxes, matched against the homes' flags. */
const requirementFields = {
  requires_wheelchair_accessible: z.boolean(),
  requires_pet_friendly: z.boolean(),
  requires_private_room: z.boolean(),
  requires_medical_care_24_7: z.boolean(),
  requires_sex_offender_friendly: z.boolean(),
}

/** referralSummary() (referral-views.ts): one line of the owner's list; the client's name, no care data. */
export const referralSummarySchema = z.object({
  ...referralCardFields,
  ...requirementFields,
  client_first_name: z.string(),
  client_last_name: z.string(),
  visibility_level: z.enum(VISIBILITY_LEVELS),
  referrer_email: z.string(),
  matched_operators_count: z.number().int(),
  placed_at: isoTime.nullable(),
  closed_at: isoTime.nullable(),
  close_outcome: z.enum(CLOSE_OUTCOMES).nullable(),
  updated_at: isoTime,
})
/** POST /api/referrals (201), /close and /cancel: the referral as the owner's list shows it. */
export const referralAnswerSchema = z.object({ referral: referralSummarySchema })

/** A decline reason with its label and how many homes gave it. */
export const declineReasonCountSchema = z.object({ reason: z.enum(DECLINE_REASONS), label: z.string(), count: z.number().int() })

/** referralProgress(): how the search is going; anonymous declines are counted, never named. */
export const referralProgressSchema = z.object({
  homes_notified: z.number().int(),
  interested: z.number().int(),
  declined: z.number().int(),
  unlocked: z.number().int(),
  fees_paid: z.number().int().describe('Unlock fees paid for the referral: held in escrow, released or refunded'),
  tours_requested: z.number().int(),
  placed: z.boolean(),
  first_response_at: isoTime.nullable(),
  time_to_first_response_ms: z.number().int().nullable(),
  decline_reasons: z.array(declineReasonCountSchema),
  named_declines: z.array(z.object({ home: z.string(), reason: z.enum(DECLINE_REASONS), label: z.string() })),
  declines: z
    .array(
      z.object({
        home: z.string().nullable().describe('Null when the home declined anonymously'),
        reason: z.enum(DECLINE_REASONS),
        label: z.string(),
        note: z.string().nullable().describe("The operator's note to the referrer (shown even when anonymous)"),
      }),
    )
    .describe('Every "Not a fit", oldest first'),
  invitations: z.array(
    z.object({
      operator: z.string(),
      status: z.enum(['pending', 'accepted', 'declined']),
      responded_at: isoTime.nullable(),
      reason_label: z.string().nullable(),
    }),
  ),
})
/** GET /api/referrals/mine: the owner's referrals, newest first, each with its progress. */
/** referralState (referral-state.ts): where the referral stands, the badge's word and the one sentence every screen says about it. */
export const referralStateSchema = z.object({
  step: z.enum(REFERRAL_STEPS),
  label: z.string(),
  tone: z.enum(['yellow', 'blue', 'green', 'red', 'gray']),
  sentence: z.string(),
  reason: z.string().optional(),
})
export const myReferralsSchema = itemsOf(referralSummarySchema.extend({ progress: referralProgressSchema, state: referralStateSchema }))

const text = z.string().nullable()
const flag = z.boolean().nullable()
const count = z.number().int().nullable()
/**
 * The client's care data: sealed at rest, sent only with full access (the
 * owner, admins, an operator who unlocked the referral or was invited). A
 * masked card carries none of these fields.
 */
export const careDataFields = {
  client_dob: z.string().describe('yyyy-MM-dd'),
  client_phone: text,
  client_previous_address: text,
  client_city: text,
  client_zip: text,
  client_marital_status: text,
  client_race: text,
  client_ethnicity: text,
  client_primary_language: text,
  emergency_contact_name: text,
  emergency_contact_phone: text,
  emergency_contact_relationship: text,
  emergency_contact_address: text,
  legal_pending_cases: flag,
  legal_current_probation: flag,
  legal_previous_cj_involvement: flag,
  legal_cj_contact_name: text,
  legal_cj_contact_phone: text,
  client_medical_conditions: text,
  health_psychiatric_conditions: text,
  health_current_medications: text,
  health_allergies: text,
  health_current_provider: text,
  health_current_doctor: text,
  health_doctor_phone: text,
  substance_attends_aa_na: flag,
  substance_aa_na_frequency: count,
  substance_last_use_date: text,
  substance_sobriety_length: text,
  income_source: text,
  income_people_dependent: count,
  income_minors_dependent: count,
  benefits_types: z.array(z.string()).nullable(),
  medicaid_status: text,
  case_manager_name: text,
  case_manager_phone: text,
  case_manager_agency: text,
  referral_source: text,
  client_mobility_needs: text,
  client_dietary_restrictions: text,
  client_behavioral_notes: text,
  additional_notes: text,
  close_note: text,
}

/** Every stored field of a referral that may leave the server to someone with full access. */
export const referralRecordFields = {
  ...referralCardFields,
  ...requirementFields,
  ...careDataFields,
  referrer_name: z.string(),
  referrer_relationship: z.string(),
  referrer_email: z.string(),
  referrer_phone: z.string(),
  client_first_name: z.string(),
  client_last_name: z.string(),
  visibility_level: z.enum(VISIBILITY_LEVELS),
  referral_fee_paid: z.boolean(),
  matched_operator_id: z.string().nullable(),
  matched_property_id: z.string().nullable(),
  placed_at: isoTime.nullable(),
  closed_at: isoTime.nullable(),
  close_outcome: z.enum(CLOSE_OUTCOMES).nullable(),
}

/** fullReferral() (referral-views.ts): the whole record, to the owner and admins (and operators with full access). */
export const fullReferralSchema = z.object({
  ...referralRecordFields,
  referrer_user_id: z.string().nullable(),
  budget_max_cents: z.number().int().nullable(),
  updated_at: isoTime,
  matched_operators_count: z.number().int(),
})

/** GET /api/referrals/:id: the full record; the owner also gets who else accessed it. */
export const referralViewSchema = z.object({
  view: z.literal('full'),
  referral: fullReferralSchema,
  access_log: z
    .array(
      z.object({
        viewer: z.string().describe('The operator by name; staff as "Homeward admin"'),
        viewer_role: z.enum(VIEWER_ROLES),
        count: z.number().int(),
        what: z.array(z.string()),
        last_at: isoTime,
        first_at: isoTime,
      }),
    )
    .optional()
    .describe('Owner only: who viewed the client’s data, grouped by viewer, most recent first'),
})
export const referrerSummarySchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  matched: z.number().int(),
  placed: z.number().int(),
  closed: z.number().int().describe('Closed by the referrer with an outcome other than placed through Homeward (e.g. placed elsewhere)'),
  cancelled: z.number().int().describe('Cancelled without an outcome'),
})
