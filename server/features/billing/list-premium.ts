import { asc, eq, or } from 'drizzle-orm'
import { textOrder } from '../../db/dialect'
import type { Executor } from '../../db/client'
import { operator_subscriptions, users } from '../../db/schema'
import { effectiveSubscription } from './entitlements'

/**
 * Accounts with Premium through a subscription (paid or trial) or a
 * complimentary grant, for `homeward premium list`. Admins are premium by
 * role and are not listed unless they also hold one of these.
 */
export async function listPremiumAccounts(db: Executor) {
  const rows = await db
    .select({ email: users.email, sub: operator_subscriptions })
    .from(operator_subscriptions)
    .innerJoin(users, eq(users.id, operator_subscriptions.user_id))
    .where(or(eq(operator_subscriptions.tier, 'premium'), eq(operator_subscriptions.is_complimentary, true)))
    .orderBy(asc(textOrder(users.email)), asc(users.id))
  return rows
    .map(({ email, sub }) => {
      const state = effectiveSubscription(sub)
      return {
        email,
        source: sub.is_complimentary ? 'complimentary' : state.status,
        provider: sub.provider,
        status: state.status,
        is_complimentary: sub.is_complimentary,
        paid: state.paid,
        period_end: state.paid ? state.period_end : null,
        granted_at: sub.granted_at,
        granted_by: sub.granted_by,
      }
    })
    .filter((r) => r.paid || r.is_complimentary)
}
