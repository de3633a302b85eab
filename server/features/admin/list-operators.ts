import { and, asc, count, desc, eq, isNull, or, sql } from 'drizzle-orm'
import { db } from '../../db/client'
import { profiles, properties, users } from '../../db/schema'
import { getSubscriptionStatus } from '../billing/entitlements'
import { hasNoRole, hasRole } from './role-filters'

/**
 * Operators: users holding the operator role, or no role at all (a new
 * account acts as an operator, ADR 001). Deleted accounts are left out.
 * Newest first, with plan and property count.
 */
export function listOperators() {
  const propertyCounts = db
    .select({ operator_id: properties.operator_id, n: count().as('n') })
    .from(properties)
    .groupBy(properties.operator_id)
    .as('pc')
  return db
    .select({
      id: users.id,
      email: users.email,
      first_name: profiles.first_name,
      last_name: profiles.last_name,
      organization_name: profiles.organization_name,
      phone: profiles.phone,
      username: profiles.username,
      licensing_type: profiles.licensing_type,
      verification_status: profiles.verification_status,
      years_of_experience: profiles.years_of_experience,
      property_count: sql<number>`coalesce(${propertyCounts.n}, 0)`,
      created_at: users.created_at,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(propertyCounts, eq(propertyCounts.operator_id, users.id))
    .where(and(isNull(users.deleted_at), or(hasRole('operator'), hasNoRole())))
    .orderBy(desc(users.created_at), asc(users.email))
    .all()
    .map((row) => {
      const status = getSubscriptionStatus(row.id)
      return { ...row, tier: status.tier, is_complimentary: status.is_complimentary, subscription_status: status.status }
    })
}
