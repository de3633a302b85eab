/**
 * The premium rule of entitlements.ts (admin, or a paid or trialing
 * premium subscription per effectiveSubscription(), or a complimentary grant)
 * as a SQL expression over an operator id column, so public listings can
 * filter and flag many operators in one statement instead of one lookup per
 * row. Binds `$now` (ms). premium-sql.test.ts checks it agrees with
 * isPremium() for every subscription state: change both together.
 */
export function premiumSql(operatorIdColumn: string) {
  const end = 'COALESCE(s.current_period_end, s.trial_ends_at)'
  return `(EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = ${operatorIdColumn} AND r.role = 'admin')
  OR EXISTS (SELECT 1 FROM operator_subscriptions s WHERE s.user_id = ${operatorIdColumn} AND (
    s.is_complimentary = 1
    OR (s.tier = 'premium' AND s.status IN ('trialing', 'active') AND (
      s.provider IS NULL OR s.provider <> 'offline'
      -- offline subscriptions run on our clock: renewing unless set to cancel at period end
      OR (${end} IS NOT NULL AND (${end} > $now OR s.cancel_at_period_end = 0))))
    OR (s.tier = 'premium' AND s.status = 'past_due' AND COALESCE(${end}, 0) > $now))))`
}

/**
 * The next moment after `$now` at which premiumSql() can change its answer
 * without any write: the earliest subscription period or trial end still
 * ahead (null when none is). The public search cache (properties/search-cache.ts)
 * keeps answers until then: every column premiumSql() compares with `$now`
 * must appear here.
 */
export const PREMIUM_TIME_BOUNDARY_SQL = `SELECT min(t) AS until FROM (
  SELECT current_period_end AS t FROM operator_subscriptions WHERE current_period_end > $now
  UNION ALL SELECT trial_ends_at FROM operator_subscriptions WHERE trial_ends_at > $now)`
