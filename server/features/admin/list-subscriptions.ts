import { asc, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { operator_subscriptions, profiles, users } from '../../db/schema'

/**
 * Subscriptions worth an admin's look: complimentary grants, premium tiers
 * (current or revoked) and anything a provider touched; every account has an
 * untouched free row, and those are left out. Complimentary first, then the latest grants and changes.
 */
export async function listSubscriptions(db: Executor) {
  return db
    .select({
      user_id: operator_subscriptions.user_id,
      email: users.email,
      first_name: profiles.first_name,
      last_name: profiles.last_name,
      organization_name: profiles.organization_name,
      tier: operator_subscriptions.tier,
      status: operator_subscriptions.status,
      provider: operator_subscriptions.provider,
      current_period_end: operator_subscriptions.current_period_end,
      trial_ends_at: operator_subscriptions.trial_ends_at,
      is_complimentary: operator_subscriptions.is_complimentary,
      granted_at: operator_subscriptions.granted_at,
      granted_by: operator_subscriptions.granted_by,
      updated_at: operator_subscriptions.updated_at,
    })
    .from(operator_subscriptions)
    .innerJoin(users, eq(users.id, operator_subscriptions.user_id))
    .leftJoin(profiles, eq(profiles.id, operator_subscriptions.user_id))
    .where(
      or(
        eq(operator_subscriptions.is_complimentary, true),
        eq(operator_subscriptions.tier, 'premium'),
        ne(operator_subscriptions.status, 'none'),
        isNotNull(operator_subscriptions.granted_at),
      ),
    )
    .orderBy(
      desc(operator_subscriptions.is_complimentary),
      desc(sql`coalesce(${operator_subscriptions.granted_at}, ${operator_subscriptions.updated_at})`),
      asc(operator_subscriptions.user_id),
    )
}
