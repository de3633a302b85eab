import { and, asc, count, desc, eq, isNull, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { profiles, properties, users } from '../../db/schema'
import { rows } from '../../db/raw'
import type { LICENSING_TYPES } from '../../db/enums'
import { getSubscriptionStatus } from '../billing'
import { hasNoRole, hasRole } from './role-filters'
import { textOrder } from '../../db/dialect'

/**
 * Operators: users holding the operator role, or no role at all (a new
 * account acts as an operator, ADR 001). Deleted accounts are left out.
 * Newest first, with plan and property count, and the license
 * proof the admin checks: the newest one not superseded, without its storage
 * key (it opens only through the audited download route).
 */
export async function listOperators(db: Executor) {
  const proofs = await latestLicenseProofs(db)
  const propertyCounts = db
    .select({ operator_id: properties.operator_id, n: count().as('n') })
    .from(properties)
    .groupBy(properties.operator_id)
    .as('pc')
  const found = await db
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
    .orderBy(desc(users.created_at), asc(textOrder(users.email)), asc(users.id))
  const operators = []
  for (const row of found) {
    const status = await getSubscriptionStatus(db, row.id)
    operators.push({
      ...row,
      tier: status.tier,
      is_complimentary: status.is_complimentary,
      subscription_status: status.status,
      license_proof: proofs.get(row.id) ?? null,
    })
  }
  return operators
}

type ProofRow = {
  operator_id: string
  id: string
  file_name: string
  file_type: string
  file_size: number
  licensing_type: (typeof LICENSING_TYPES)[number]
  status: 'pending' | 'verified' | 'rejected'
  reason: string | null
  reviewed_at: number | null
  created_at: number
}

/** Each operator's newest license proof that a newer upload or a licensing change has not superseded. One query. */
async function latestLicenseProofs(db: Executor) {
  const found = await rows<ProofRow>(
    db,
    sql`SELECT operator_id, id, file_name, file_type, file_size, licensing_type, status, reason, reviewed_at, created_at FROM (
       SELECT lp.*, row_number() OVER (PARTITION BY operator_id ORDER BY created_at DESC, id DESC) AS n
       FROM license_proofs lp WHERE status <> 'superseded') AS ranked
     WHERE n = 1`,
  )
  return new Map(
    found.map(({ operator_id, reviewed_at, created_at, ...proof }) => [
      operator_id,
      { ...proof, reviewed_at: reviewed_at == null ? null : new Date(reviewed_at), created_at: new Date(created_at) },
    ]),
  )
}
