import { z } from 'zod'
import { DECLINE_REASONS, INTEREST_STATUSES, PAYMENT_STATUSES, PLACEMENT_ANSWERS, REFERRAL_STATUSES, WAITLIST_STATUSES } from '../../db/enums'
import { isoTime, itemsOf, pageOf } from '../../lib/openapi'
import { referralCardFields, referralRecordFields } from '../referrals/referrals.responses'

/** Response bodies of the marketplace routes (OpenAPI; the services' return values). */

/**
 * maskedCard() (referral-view.ts): what an operator sees before unlocking.
 * Initials only, the age (never the birth date), and none of the care data.
 */
export const maskedReferralSchema = z.object({
  ...referralCardFields,
  visibility_level: z.literal('masked'),
  unlocked: z.literal(false),
  client_name: z.string().describe('Initials, e.g. "E*** W***"'),
  client_first_name: z.string().describe('Initial only, e.g. "E***"'),
  client_last_name: z.string().describe('Initial only'),
})
/** unlockedCard(): the card once unlocked (paid or invited): the names and the medical conditions. */
export const unlockedReferralSchema = maskedReferralSchema.extend({
  visibility_level: z.literal('unlocked'),
  unlocked: z.literal(true),
  client_name: z.string(),
  client_first_name: z.string(),
  client_last_name: z.string(),
  client_medical_conditions: z.string().nullable(),
})
/** referralDetail(): the full record for an operator who unlocked the referral or was invited (no internal columns). */
export const referralDetailSchema = z.object({
  ...referralRecordFields,
  visibility_level: z.literal('unlocked'),
  unlocked: z.literal(true),
  client_name: z.string(),
})

const iso = isoTime.nullable()
/** OperatorReferralState (operator-state.ts): where the caller stands on a referral, so which buttons the card shows. */
export const operatorReferralStateSchema = z.object({
  action: z.enum(['own', 'unlocked', 'checkout_pending', 'your_turn', 'waitlisted', 'slot_full', 'available']),
  interested: z.boolean(),
  unlocked: z.boolean(),
  unlocked_by: z.enum(['payment', 'invitation']).nullable(),
  unlock_fee_cents: z.number().int(),
  payment: z
    .object({
      id: z.string(),
      status: z.enum(PAYMENT_STATUSES),
      amount_cents: z.number().int(),
      checkout_expires_at: iso,
      paid_at: iso,
      escrow_hold_until: iso,
      operator_confirmation: z.enum(PLACEMENT_ANSWERS).nullable(),
      referrer_confirmation: z.enum(PLACEMENT_ANSWERS).nullable(),
    })
    .nullable(),
  can_decline: z.boolean().describe('Matched or invited, holding no payment: may answer "Not a fit"'),
  waitlist: z
    .object({
      id: z.string(),
      position: z.number().int(),
      status: z.enum(WAITLIST_STATUSES),
      notified_at: iso,
      notification_expires_at: iso,
      expires_at: isoTime,
      needs: z.string().nullable().describe("The operator's own note, shown only to them"),
    })
    .nullable(),
})
/** GET /api/marketplace/referrals: masked or unlocked cards, each with the caller's state. */
export const marketplacePageSchema = pageOf(
  z.discriminatedUnion('visibility_level', [
    maskedReferralSchema.extend({ my: operatorReferralStateSchema }),
    unlockedReferralSchema.extend({ my: operatorReferralStateSchema }),
  ]),
)
/** GET /api/marketplace/referrals/:id: the full record once unlocked, else the masked card. */
export const marketplaceReferralSchema = z.object({
  referral: z.discriminatedUnion('visibility_level', [referralDetailSchema, maskedReferralSchema]),
  my: operatorReferralStateSchema,
})
/** GET /api/my/interests: the names as this operator may see them (initials until unlocked). */
export const myInterestsSchema = itemsOf(
  z.object({
    id: z.string(),
    referral_id: z.string(),
    status: z.enum(INTEREST_STATUSES),
    created_at: isoTime,
    client_first_name: z.string().describe('Initial only until unlocked'),
    client_last_name: z.string().describe('Initial only until unlocked'),
    client_name: z.string(),
    unlocked: z.boolean(),
    referral_status: z.enum(REFERRAL_STATUSES),
    preferred_state: z.string(),
    preferred_cities: z.array(z.string()),
    payment_status: z.enum(PAYMENT_STATUSES).nullable().describe('Their latest payment on it'),
    waitlist_position: z.number().int().nullable(),
  }),
)
export const interestWithdrawnSchema = z.object({
  interested: z.literal(false),
  withdrawn: z.boolean().describe('false when there was no interest to withdraw (idempotent)'),
  interested_operators_count: z.number().int(),
})
export const interestSchema = z.object({
  interested: z.literal(true),
  created: z.boolean().describe('false when interest was already recorded (idempotent)'),
  interested_operators_count: z.number().int(),
})
export const declinedSchema = z.object({
  declined: z.literal(true),
  reason: z.enum(DECLINE_REASONS),
  next_homes_notified: z.number().int(),
})
export const unlockCheckoutSchema = z.object({
  url: z.string().describe('The checkout page (Stripe, or the built-in offline page)'),
  payment_id: z.string(),
  amount_cents: z.number().int(),
})
const waitlistStatus = z.enum(['waiting', 'notified'])
/** joinWaitlist's WaitlistAnswer. */
export const waitlistJoinedSchema = z.object({
  message: z.string(),
  id: z.string(),
  position: z.number().int(),
  status: waitlistStatus,
  notification_expires_at: z.string().nullable().describe('End of the turn to pay, once notified'),
  expires_at: z.string(),
  needs: z.string().nullable().describe("The operator's own note, shown only to them"),
})
export const waitlistRenewedSchema = z.object({
  message: z.string(),
  id: z.string(),
  position: z.number().int(),
  status: waitlistStatus,
  expires_at: z.string(),
})

const placementAnswer = z.enum(PLACEMENT_ANSWERS).nullable()
/** escrowView() (referral-escrow.ts): a payment in escrow, no card data. */
const homeRef = z.object({ id: z.string(), name: z.string() })
export const escrowSchema = z.object({
  id: z.string(),
  referral_id: z.string(),
  operator_id: z.string(),
  operator_name: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount_cents: z.number().int(),
  amount: z.string().describe('Formatted, e.g. $500.00'),
  paid_at: z.string().nullable(),
  escrow_hold_until: z.string().nullable(),
  escrow_expired_at: z.string().nullable().describe('Set when the hold ended without a decision'),
  referrer_confirmation: placementAnswer,
  operator_confirmation: placementAnswer,
  resolved_at: z.string().nullable(),
  resolution_reason: z.string().nullable(),
  referrer_declined_payment: z.boolean().describe('The referrer confirmed (or will confirm) the placement without the payment: the fee goes back to the operator'),
  placed_home: homeRef.nullable().describe('The home where the client moved in, as the answers named it (one of the paying operator\'s)'),
  operator_homes: z.array(homeRef).describe("The paying operator's active homes: where either side may say the client moved in"),
})
export const placementOutcomeSchema = z.object({ outcome: z.enum(['released', 'refunded', 'declined', 'awaiting', 'disagreement']), escrow: escrowSchema })
export const referralEscrowSchema = z.object({
  role: z.enum(['referrer', 'operator']).describe('Which side the caller confirms for'),
  escrow: escrowSchema.nullable(),
})
export const escrowResolvedSchema = z.object({ message: z.string(), escrow: escrowSchema })
/** GET /api/admin/escrow: payments held, soonest hold end first (or, ?view=resolved, the released and refunded ones). */
export const heldPaymentsSchema = itemsOf(
  z.object({
    id: z.string(),
    referral_id: z.string(),
    operator_id: z.string(),
    operator_email: z.string().nullable(),
    referrer_name: z.string(),
    referral_status: z.enum(REFERRAL_STATUSES),
    amount_cents: z.number().int(),
    paid_at: z.string().nullable(),
    escrow_hold_until: z.string().nullable(),
    escrow_expired_at: z.string().nullable(),
    referrer_confirmation: placementAnswer,
    operator_confirmation: placementAnswer,
    client_initials: z.string(),
    operator_name: z.string(),
    expired: z.boolean(),
    status: z.enum(PAYMENT_STATUSES).describe('held_in_escrow, or released_to_referrer / refunded in the history'),
    resolved_at: z.string().nullable(),
    resolved_by: z.string().nullable().describe('The e-mail of the admin who resolved it (or the CLI)'),
    resolution_reason: z.string().nullable(),
    matched_property_id: z.string().nullable().describe("The home the client was placed in (the referral's matched home), when set"),
    matched_property_name: z.string().nullable(),
    conversation_id: z.string().nullable().describe('The conversation between this operator and the referrer, when one was opened'),
  }),
)

/** GET /api/placement-answers/:token: what the e-mailed answer page asks (no client data: the link may be forwarded). */
export const placementLinkSchema = z.object({
  side: z.enum(['referrer', 'operator']),
  other_answer: placementAnswer,
  amount_cents: z.number().int(),
  expires_at: z.string(),
})
export const placementLinkAnsweredSchema = z.object({ outcome: z.enum(['released', 'refunded', 'declined', 'awaiting', 'disagreement']) })
