import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { profiles, users } from '../../db/schema'
import { hasRole, lacksRole } from './role-filters'
import { textOrder } from '../../db/dialect'

/** Referrers: users holding the referrer role and not the operator role, with their referral counts. */
export async function listReferrers(db: Executor) {
  return db
    .select({
      id: users.id,
      email: users.email,
      first_name: profiles.first_name,
      last_name: profiles.last_name,
      phone: profiles.phone,
      organization_name: profiles.organization_name,
      referral_count: sql<number>`(SELECT count(*) FROM referrals r WHERE r.referrer_user_id = ${users.id})`,
      created_at: users.created_at,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(and(isNull(users.deleted_at), hasRole('referrer'), lacksRole('operator')))
    .orderBy(desc(users.created_at), asc(textOrder(users.email)), asc(users.id))
}
