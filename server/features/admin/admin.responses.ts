import { z } from 'zod'
import { OUTBOX_STATUSES, REFERRAL_STATUSES } from '../../db/enums'

/** Response bodies of the admin routes (OpenAPI; the services' return values). */
export const adminStatsSchema = z.object({
  profiles: z.number().int(),
  properties: z.number().int(),
  referrals: z.number().int(),
  pending_referrals: z.number().int(),
  placed_paid_referrals: z.number().int(),
  revenue_cents: z.number().int().describe('Sum of released escrow amounts'),
})
export const referralStatusSetSchema = z.object({
  id: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  placed_at: z.string().nullable(),
  matched_property_id: z.string().nullable(),
  review_request_sent: z.boolean(),
})
export const outboxRetriedSchema = z.object({ id: z.string(), status: z.enum(OUTBOX_STATUSES) })
