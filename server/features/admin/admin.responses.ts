import { z } from 'zod'
import { CLOSE_OUTCOMES, LICENSING_TYPES, OUTBOX_STATUSES, REFERRAL_STATUSES, SUBSCRIPTION_STATUSES, TIERS, VERIFICATION_STATUSES } from '../../db/enums'
import { isoTime, itemsOf, pageOf } from '../../lib/openapi'
import { declineReasonCountSchema } from '../referrals/referrals.responses'
import { licenseProofSchema } from '../verification/verification.responses'

/** Response bodies of the admin routes (OpenAPI; the services' return values). */
export const adminStatsSchema = z.object({
  profiles: z.number().int(),
  properties: z.number().int(),
  referrals: z.number().int(),
  pending_referrals: z.number().int(),
  placed_paid_referrals: z.number().int(),
  released_to_referrers_cents: z.number().int().describe('Sum of the unlock fees escrow released to referrers on confirmed placements (passed through, not revenue)'),
})
export const referralStatusSetSchema = z.object({
  id: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  placed_at: z.string().nullable(),
  matched_property_id: z.string().nullable(),
  review_request_sent: z.boolean(),
})
export const outboxRetriedSchema = z.object({ id: z.string(), status: z.enum(OUTBOX_STATUSES) })

/** getFunnel() (get-funnel.ts): counts and medians of the referrals submitted in the window; no client data. */
export const funnelSchema = z.object({
  days: z.number().int(),
  from: isoTime,
  to: isoTime,
  stages: z.array(z.object({ stage: z.enum(['submitted', 'first_interest', 'unlocked', 'placed']), label: z.string(), count: z.number().int() })),
  median_first_response_ms: z.number().nullable(),
  median_placement_ms: z.number().nullable(),
  decline_reasons: z.array(declineReasonCountSchema),
})
/** listReferrals() (list-referrals.ts): the client by initials only; listing is not a disclosure. */
export const adminReferralsSchema = pageOf(
  z.object({
    id: z.string(),
    client_initials: z.string(),
    referrer_name: z.string(),
    referrer_email: z.string(),
    preferred_state: z.string(),
    preferred_cities: z.array(z.string()),
    budget_range: z.string(),
    status: z.enum(REFERRAL_STATUSES),
    referral_fee_paid: z.boolean(),
    interested_operators_count: z.number().int(),
    matched_operator_id: z.string().nullable(),
    matched_property_id: z.string().nullable(),
    matched_property_name: z.string().nullable(),
    placed_at: isoTime.nullable(),
    close_outcome: z.enum(CLOSE_OUTCOMES).nullable().describe('How the referrer closed it; null when not closed with an outcome'),
    created_at: isoTime,
  }),
)
/** listAllProperties(): every property, active or not, newest first. */
export const adminPropertiesSchema = pageOf(
  z.object({
    id: z.string(),
    name: z.string(),
    city: z.string(),
    state: z.string(),
    zip_code: z.string(),
    licensing_type: z.enum(LICENSING_TYPES),
    is_active: z.boolean(),
    total_beds: z.number().int(),
    available_beds: z.number().int(),
    monthly_fee_cents: z.number().int().nullable(),
    operator_id: z.string(),
    operator_name: z.string(),
    operator_email: z.string().nullable(),
    created_at: isoTime,
  }),
)
/** listOperators() (admin): plan, property count and the license proof to check (never its storage key). */
export const adminOperatorsSchema = itemsOf(
  z.object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    organization_name: z.string().nullable(),
    phone: z.string().nullable(),
    username: z.string().nullable(),
    licensing_type: z.enum(LICENSING_TYPES),
    verification_status: z.enum(VERIFICATION_STATUSES),
    years_of_experience: z.number().int(),
    property_count: z.number().int(),
    created_at: isoTime,
    tier: z.enum(TIERS),
    is_complimentary: z.boolean(),
    subscription_status: z.enum(SUBSCRIPTION_STATUSES),
    license_proof: licenseProofSchema.nullable().describe('The newest proof not superseded'),
  }),
)
/** listReferrers(): referrer role and not the operator role. */
export const adminReferrersSchema = itemsOf(
  z.object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string().nullable(),
    organization_name: z.string().nullable(),
    referral_count: z.number().int(),
    created_at: isoTime,
  }),
)
/** listSubscriptions(): complimentary grants, premium tiers and anything a provider touched. */
export const adminSubscriptionsSchema = itemsOf(
  z.object({
    user_id: z.string(),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    organization_name: z.string().nullable(),
    tier: z.enum(TIERS),
    status: z.enum(SUBSCRIPTION_STATUSES),
    provider: z.enum(['stripe', 'offline']).nullable(),
    current_period_end: isoTime.nullable(),
    trial_ends_at: isoTime.nullable(),
    is_complimentary: z.boolean(),
    granted_at: isoTime.nullable(),
    granted_by: z.string().nullable(),
    updated_at: isoTime,
  }),
)
/** listAuditLogs(): newest first, keyset-paged. */
export const auditLogsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      action: z.string(),
      resource_type: z.string(),
      resource_id: z.string().nullable(),
      actor_label: z.string().describe("E-mail, 'cli' or 'scheduler'"),
      actor_id: z.string().nullable(),
      ip_address: z.string().nullable(),
      details: z.record(z.string(), z.unknown()).nullable(),
      created_at: isoTime,
    }),
  ),
  next_cursor: z.string().nullable().describe('Pass as ?before= for the next page; null on the last'),
})
/** listOutbox(): every e-mail, newest first; account links hidden. */
export const outboxSchema = itemsOf(
  z.object({
    id: z.string(),
    to_email: z.string(),
    type: z.string(),
    subject: z.string(),
    text_body: z.string().describe('Sign-in and password links replaced by [hidden]'),
    status: z.enum(OUTBOX_STATUSES),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    next_attempt_at: isoTime,
    sent_at: isoTime.nullable(),
    created_at: isoTime,
    retried: z.boolean(),
  }),
)

/** listSystems() (list-systems.ts): registered systems and their FHIR Subscriptions (status, endpoint host, errors). */
export const adminSystemSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  account: z.string().describe("The referrer account the system acts for (its e-mail)"),
  scopes: z.string(),
  created_at: isoTime,
  last_used_at: isoTime.nullable(),
  revoked_at: isoTime.nullable(),
  subscriptions: z.array(
    z.object({
      id: z.string(),
      status: z.enum(['requested', 'active', 'error', 'off']),
      endpoint_host: z.string(),
      payload: z.enum(['id-only', 'full-resource']),
      error_count: z.number().int(),
      last_error: z.string().nullable(),
      events_since_start: z.number().int(),
      created_at: isoTime,
    }),
  ),
})
export const adminSystemsSchema = itemsOf(adminSystemSchema)
export const systemRevokedSchema = z.object({ client_id: z.string(), name: z.string() })
