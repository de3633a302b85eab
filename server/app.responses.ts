import { z } from 'zod'

/** GET /api/health. */
export const healthSchema = z.object({ ok: z.literal(true), version: z.string() })

const limits = z.object({
  maxProperties: z.number().nullable().describe('null: unlimited'),
  maxPhotosPerProperty: z.number().int(),
  maxVideosPerProperty: z.number().int(),
  maxBioLength: z.number().int(),
  tourScheduling: z.boolean(),
  analytics: z.boolean(),
  referralBrowsing: z.boolean(),
  videos: z.boolean(),
  emailSignature: z.boolean(),
})
const hours = z.number()
/** GET /api/config: publicConfig() (lib/public-config.ts), every figure the pages state. */
export const publicConfigSchema = z.object({
  support_email: z.string(),
  support_phone: z.string(),
  support_hours: z.string(),
  premium_price_cents: z.number().int(),
  premium_price: z.string().describe('Formatted, e.g. $30.00'),
  trial_days: z.number().int(),
  unlock_fee_licensed_cents: z.number().int(),
  unlock_fee_unlicensed_cents: z.number().int(),
  unlock_fee_range: z.string().describe('e.g. $200.00-$500.00'),
  escrow_hold_hours: hours,
  checkout_hold_minutes: z.number(),
  waitlist_notify_hours: hours,
  waitlist_expiry_days: z.number(),
  beds_fresh_days: z.number(),
  plans: z.object({ free: limits, premium: limits }),
  plan_comparison: z.array(z.tuple([z.string(), z.string(), z.string()])).describe('[feature, free, premium]'),
  upload_limits: z.object({ document_mb: z.number(), video_mb: z.number(), max_photos: z.number().int(), max_videos: z.number().int(), video_seconds: z.number() }),
  response_targets: z.object({
    operator_messages_hours: hours,
    waitlist_hours: hours,
    support_general_hours: hours,
    support_technical_hours: hours,
    support_payment_hours: hours,
    support_urgent_hours: hours,
  }),
  dispute_days: z.string(),
  payments_offline: z.boolean(),
  email_offline: z.boolean(),
})
