import { z } from 'zod'
import { DECLINE_REASONS, PAYMENT_STATUSES, PLACEMENT_ANSWERS, REFERRAL_STATUSES } from '../../db/enums'

/** Response bodies of the marketplace routes (OpenAPI; the services' return values). */
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
})
export const placementOutcomeSchema = z.object({ outcome: z.enum(['released', 'refunded', 'awaiting', 'disagreement']), escrow: escrowSchema })
export const referralEscrowSchema = z.object({
  role: z.enum(['referrer', 'operator']).describe('Which side the caller confirms for'),
  escrow: escrowSchema.nullable(),
})
export const escrowResolvedSchema = z.object({ message: z.string(), escrow: escrowSchema })
/** GET /api/admin/escrow: payments held, soonest hold end first. */
export const heldPaymentsSchema = z.object({
  items: z.array(
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
    }),
  ),
})
