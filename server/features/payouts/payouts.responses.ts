import { z } from 'zod'
import { PAYOUT_METHODS } from '../../db/enums'
import { itemsOf } from '../../lib/openapi'

/** Response bodies of the payout routes (OpenAPI; the services' return values). */

export const PAYOUT_STATES = ['awaiting_details', 'scheduled', 'paid'] as const

/** The referrer's own payout details (sealed at rest; shown to her and, audited, to admins). */
export const payoutDetailsSchema = z.object({
  method: z.enum(PAYOUT_METHODS),
  payee_name: z.string(),
  details: z.string(),
  updated_at: z.string(),
})
export const myPayoutDetailsSchema = z.object({ details: payoutDetailsSchema.nullable() })

/** One payout as its referrer sees it: owed (waiting for her details, or scheduled) or paid. */
export const payoutSchema = z.object({
  id: z.string(),
  referral_id: z.string(),
  amount_cents: z.number().int(),
  status: z.enum(['owed', 'paid']),
  state: z.enum(PAYOUT_STATES).describe('owed without payout details: awaiting_details; owed with them: scheduled; paid'),
  paid_on: z.string().nullable().describe('The day the money left (yyyy-mm-dd)'),
  method: z.enum(PAYOUT_METHODS).nullable(),
  reference: z.string().nullable(),
  created_at: z.string(),
})
export const myPayoutsSchema = itemsOf(payoutSchema)

/** GET /api/admin/payouts: every payout with its referrer (her payout details are read one at a time, audited). */
export const adminPayoutsSchema = itemsOf(
  payoutSchema.extend({
    referrer_user_id: z.string().nullable(),
    referrer_name: z.string(),
    referrer_email: z.string().nullable(),
    client_initials: z.string(),
    has_details: z.boolean(),
    details_method: z.enum(PAYOUT_METHODS).nullable().describe('The method the referrer asked for (her details themselves: GET /api/admin/payouts/:id/payee)'),
    paid_at: z.string().nullable(),
  }),
)
/** GET /api/admin/payouts/:id/payee: the referrer's payout details, the read audited. */
export const payeeSchema = z.object({ payout_id: z.string(), details: payoutDetailsSchema.nullable() })
export const payoutRecordedSchema = z.object({ message: z.string(), payout: payoutSchema })
