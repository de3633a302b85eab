import { eq } from 'drizzle-orm'
import { db, type Executor } from '../../db/client'
import { operator_subscriptions } from '../../db/schema'
import { clock } from '../../lib/clock'
import { isAdmin } from '../auth/roles'
import { PLAN_LIMITS, type PlanLimits } from './plans'

/** The answer of check-subscription (part 1 §3). */
export type SubscriptionStatus = {
  subscribed: boolean
  tier: 'free' | 'premium'
  product_id: string | null
  subscription_end: string | null
  is_complimentary: boolean
  status: string
  trial_ends_at: string | null
  cancel_at_period_end: boolean
  provider: string | null
}

export const FREE_STATUS: SubscriptionStatus = {
  subscribed: false,
  tier: 'free',
  product_id: null,
  subscription_end: null,
  is_complimentary: false,
  status: 'none',
  trial_ends_at: null,
  cancel_at_period_end: false,
  provider: null,
}

/** Trialing and active count; past_due keeps access only while the provider still retries (period not over). */
function paidAccess(row: typeof operator_subscriptions.$inferSelect, now: number) {
  if (row.tier !== 'premium') return false
  if (row.status === 'trialing' || row.status === 'active') {
    const end = row.current_period_end?.getTime() ?? row.trial_ends_at?.getTime()
    return end === undefined || end > now || row.provider === 'stripe'
  }
  if (row.status === 'past_due') return (row.current_period_end?.getTime() ?? 0) > now
  return false
}

/**
 * Premium holds if the user is an admin, or has a paid (or trialing)
 * premium subscription, or a complimentary grant (part 1 §4).
 */
export function getSubscriptionStatus(userId: string, tx: Executor = db): SubscriptionStatus {
  const row = tx.select().from(operator_subscriptions).where(eq(operator_subscriptions.user_id, userId)).get()
  const admin = isAdmin(userId)
  if (!row) return admin ? { ...FREE_STATUS, subscribed: true, tier: 'premium' } : FREE_STATUS
  const paid = paidAccess(row, clock.ms())
  const premium = admin || paid || row.is_complimentary
  return {
    subscribed: premium,
    tier: premium ? 'premium' : 'free',
    product_id: paid ? row.product_id : null,
    subscription_end: paid ? (row.current_period_end ?? row.trial_ends_at)?.toISOString() ?? null : null,
    is_complimentary: row.is_complimentary,
    status: row.status,
    trial_ends_at: row.trial_ends_at?.toISOString() ?? null,
    cancel_at_period_end: row.cancel_at_period_end,
    provider: row.provider,
  }
}

export function isPremium(userId: string, tx: Executor = db) {
  return getSubscriptionStatus(userId, tx).subscribed
}

export function limitsFor(userId: string, tx: Executor = db): PlanLimits {
  return PLAN_LIMITS[isPremium(userId, tx) ? 'premium' : 'free']
}
