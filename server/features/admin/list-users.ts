import { asc, eq, isNull } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { profiles, user_roles, users } from '../../db/schema'
import { resolveRole, type Role } from '../auth'
import { textOrder } from '../../db/dialect'

/**
 * Accounts with their roles, oldest first (`homeward users list [--role]`).
 * Filtering by operator includes accounts with no role row: they act as
 * operators (ADR 001).
 */
export async function listUsers(db: Executor, opts: { role?: Role } = {}) {
  const rolesOf = new Map<string, Role[]>()
  for (const r of await db.select().from(user_roles)) rolesOf.set(r.user_id, [...(rolesOf.get(r.user_id) ?? []), r.role])
  const found = await db
    .select({ id: users.id, email: users.email, first_name: profiles.first_name, last_name: profiles.last_name, created_at: users.created_at })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(isNull(users.deleted_at))
    .orderBy(asc(users.created_at), asc(textOrder(users.email)), asc(users.id))
  return found
    .map((u) => {
      const roles = (rolesOf.get(u.id) ?? []).sort()
      return { ...u, roles, role: resolveRole(roles) }
    })
    .filter((u) => {
      if (!opts.role) return true
      if (opts.role === 'operator') return u.roles.includes('operator') || u.roles.length === 0
      return u.roles.includes(opts.role)
    })
}
