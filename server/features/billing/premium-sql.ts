import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'

/**
 * The premium rule of entitlements.ts (admin, or a paid or trialing
 * premium subscription per effectiveSubscription(), or a complimentary grant)
 * as a drizzle `sql` fragment over an operator id, so public listings can
 * filter and flag many operators in one statement instead of one lookup per
 * row. `now` (ms) and the booleans are bound parameters; the statement text
 * stays the same for every call with the same `operatorId`.
 *
 * `operatorId` is a column or expression: a drizzle column or fragment, or
 * the SQL text of a column reference such as 'pr.id' (spliced as text: never
 * user input). premium-sql.test.ts checks it agrees with isPremium() for
 * every subscription state: change both together.
 */
export function premiumSql(operatorId: SQLWrapper | string, now: number | SQLWrapper): SQL<boolean> {
  const id = typeof operatorId === 'string' ? sql.raw(operatorId) : operatorId
  const end = sql.raw('COALESCE(s.current_period_end, s.trial_ends_at)')
  return sql<boolean>`(EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = ${id} AND r.role = 'admin')
  OR EXISTS (SELECT 1 FROM operator_subscriptions s WHERE s.user_id = ${id} AND (
    s.is_complimentary = ${true}
    OR (s.tier = 'premium' AND s.status IN ('trialing', 'active') AND (
      s.provider IS NULL OR s.provider <> 'offline'
      -- offline subscriptions run on our clock: renewing unless set to cancel at period end
      OR (${end} IS NOT NULL AND (${end} > ${now} OR s.cancel_at_period_end = ${false}))))
    OR (s.tier = 'premium' AND s.status = 'past_due' AND COALESCE(${end}, 0) > ${now}))))`
}

/**
 * The next moment after `now` (ms) at which premiumSql() can change its
 * answer without any write: the earliest subscription period or trial end
 * still ahead (`until`, null when none is), as a query for row() (server/db/raw.ts).
 * The public search cache (properties/search-cache.ts) keeps answers until
 * then: every column premiumSql() compares with `now` must appear here.
 */
export const PREMIUM_TIME_BOUNDARY_SQL = (now: number): SQL<{ until: number | null }> =>
  sql`SELECT min(t) AS until FROM (
  SELECT current_period_end AS t FROM operator_subscriptions WHERE current_period_end > ${now}
  UNION ALL SELECT trial_ends_at FROM operator_subscriptions WHERE trial_ends_at > ${now}) AS boundaries`
