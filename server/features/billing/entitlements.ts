import { addMonths } from 'date-fns/addMonths'
import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import type { SUBSCRIPTION_STATUSES } from '../../db/enums'
import { operator_subscriptions } from '../../db/schema'
import { inUnitOfWork } from '../../db/unit-of-work'
import { clock } from '../../lib/clock'
import { isAdmin } from '../auth'
import { PLAN_LIMITS, type PlanLimits } from './plans'

/**
 * The one entitlements module: every area asks `isPremium` / `limitsFor`
 * here, never reads operator_subscriptions itself.
 */

/** The answer of check-subscription plus what the manage page shows. */
export type SubscriptionStatus = {
  subscribed: boolean
  tier: 'free' | 'premium'
  product_id: string | null
  /** Next billing date (or the trial end while trialing); null without a paid subscription. */
  subscription_end: string | null
  is_complimentary: boolean
  status: (typeof SUBSCRIPTION_STATUSES)[number]
  trial_ends_at: string | null
  cancel_at_period_end: boolean
  provider: 'stripe' | 'offline' | null
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

type Row = typeof operator_subscriptions.$inferSelect
export type EffectiveSubscription = {
  status: Row['status']
  /** Trialing, active, or past_due while the provider still retries. */
  paid: boolean
  period_end: Date | null
}

/** Rolls a monthly period end forward past `now`. */
function nextPeriodEnd(from: Date, now: number) {
  let end = from
  for (let i = 1; end.getTime() <= now; i++) end = addMonths(from, i)
  return end
}

/**
 * The subscription's state at `now`.
 *
 * Stripe subscriptions are what the provider last told us (webhooks keep the
 * row current): trialing and active count; past_due counts while Stripe still
 * retries the payment within the paid period — once its retries end it moves
 * the subscription to canceled/unpaid, which do not count.
 *
 * Offline subscriptions (no card, docs/decisions/004-subscriptions-and-offline-billing.md)
 * run on our clock: a trial becomes active at its end, an active period renews
 * monthly, and a subscription set to cancel at period end stops there.
 */
export function effectiveSubscription(row: Row, now = clock.ms()): EffectiveSubscription {
  const end = row.current_period_end ?? row.trial_ends_at
  if (row.tier !== 'premium') return { status: row.status, paid: false, period_end: null }
  if (row.provider === 'offline' && (row.status === 'trialing' || row.status === 'active')) {
    if (end && end.getTime() > now) return { status: row.status, paid: true, period_end: end }
    if (!end || row.cancel_at_period_end) return { status: 'canceled', paid: false, period_end: end }
    return { status: 'active', paid: true, period_end: nextPeriodEnd(end, now) }
  }
  if (row.status === 'trialing' || row.status === 'active') return { status: row.status, paid: true, period_end: end }
  if (row.status === 'past_due') return { status: row.status, paid: (end?.getTime() ?? 0) > now, period_end: end }
  return { status: row.status, paid: false, period_end: end }
}

/**
 * The user's subscription row, or null. Read through a transaction's `tx`, the
 * row decides that transaction's writes (a grant, a checkout's completion, a
 * plan limit): it is read for update (server/db/dialect.ts).
 */
export async function getSubscriptionRow(db: Executor, userId: string) {
  const query = db.select().from(operator_subscriptions).where(eq(operator_subscriptions.user_id, userId)).limit(1)
  const [row] = await (inUnitOfWork(db) ? forUpdate(query) : query)
  return row ?? null
}

/**
 * Premium holds if the user is an admin, or has a paid (or trialing)
 * premium subscription, or a complimentary grant.
 */
export async function getSubscriptionStatus(db: Executor, userId: string): Promise<SubscriptionStatus> {
  const row = await getSubscriptionRow(db, userId)
  const admin = await isAdmin(db, userId)
  if (!row) return admin ? { ...FREE_STATUS, subscribed: true, tier: 'premium' } : FREE_STATUS
  const state = effectiveSubscription(row)
  const premium = admin || state.paid || row.is_complimentary
  return {
    subscribed: premium,
    tier: premium ? 'premium' : 'free',
    product_id: state.paid ? row.product_id : null,
    subscription_end: state.paid ? (state.period_end?.toISOString() ?? null) : null,
    is_complimentary: row.is_complimentary,
    status: state.status,
    trial_ends_at: row.trial_ends_at?.toISOString() ?? null,
    cancel_at_period_end: state.paid && row.cancel_at_period_end,
    provider: row.provider,
  }
}

export async function isPremium(db: Executor, userId: string) {
  return (await getSubscriptionStatus(db, userId)).subscribed
}

/** The plan limits that apply to a user right now (free or premium). */
export async function limitsFor(db: Executor, userId: string): Promise<PlanLimits> {
  return PLAN_LIMITS[(await isPremium(db, userId)) ? 'premium' : 'free']
}
