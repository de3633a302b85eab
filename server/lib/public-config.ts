import { money } from './money'
import { env } from '../env'
import { PLAN_COMPARISON, PLAN_LIMITS, type PlanLimits } from '../features/billing/plans'
import { MAX_RECORDING_SECONDS, MAX_VIDEO_BYTES } from '../features/properties/video-rules'


/**
 * Every number the pages state (fees, holds, windows, limits, contact) comes
 * from here, which reads the same configuration the server enforces.
 */
export function publicConfig() {
  const fees = [env.UNLOCK_FEE_UNLICENSED_CENTS, env.UNLOCK_FEE_LICENSED_CENTS].sort((a, b) => a - b)
  return {
    support_email: env.SUPPORT_EMAIL,
    support_phone: env.SUPPORT_PHONE,
    support_hours: 'Mon-Fri 9am-5pm EST',
    premium_price_cents: env.PREMIUM_PRICE_CENTS,
    premium_price: money(env.PREMIUM_PRICE_CENTS),
    trial_days: env.TRIAL_DAYS,
    unlock_fee_licensed_cents: env.UNLOCK_FEE_LICENSED_CENTS,
    unlock_fee_unlicensed_cents: env.UNLOCK_FEE_UNLICENSED_CENTS,
    unlock_fee_range: `${money(fees[0]!)}-${money(fees[1]!)}`,
    escrow_hold_hours: env.ESCROW_HOLD_HOURS,
    checkout_hold_minutes: env.CHECKOUT_HOLD_MINUTES,
    waitlist_notify_hours: env.WAITLIST_NOTIFY_HOURS,
    waitlist_expiry_days: env.WAITLIST_EXPIRY_DAYS,
    beds_fresh_days: env.BEDS_FRESH_DAYS,
    plans: { free: serialise(PLAN_LIMITS.free), premium: serialise(PLAN_LIMITS.premium) },
    plan_comparison: PLAN_COMPARISON,
    upload_limits: { document_mb: 10, video_mb: MAX_VIDEO_BYTES / (1024 * 1024), max_photos: 10, max_videos: 3, video_seconds: MAX_RECORDING_SECONDS },
    response_targets: {
      operator_messages_hours: 24,
      waitlist_hours: env.WAITLIST_NOTIFY_HOURS,
      support_general_hours: 24,
      support_technical_hours: 12,
      support_payment_hours: 8,
      support_urgent_hours: 2,
    },
    dispute_days: '5-7 business days',
    payments_offline: !env.STRIPE_SECRET_KEY,
    email_offline: !env.SMTP_URL,
  }
}

// JSON has no Infinity: unlimited (Premium's number of homes, the one unbounded limit) is sent as null.
const serialise = (limits: PlanLimits) => ({ ...limits, maxProperties: limits.maxProperties === Number.POSITIVE_INFINITY ? null : limits.maxProperties })

export type PublicConfig = ReturnType<typeof publicConfig>
