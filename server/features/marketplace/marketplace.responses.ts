import { z } from 'zod'
import { DECLINE_REASONS } from '../../db/enums'

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
