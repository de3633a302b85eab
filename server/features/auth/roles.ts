import { and, eq } from 'drizzle-orm'
import { db, type Executor } from '../../db/client'
import { type ROLES, user_roles } from '../../db/schema'

export type Role = (typeof ROLES)[number]

/**
 * Part 1 §4: admin if any row is admin; else referrer if any is referrer;
 * otherwise operator — including a user with no role rows at all.
 */
export function resolveRole(roles: readonly Role[]): Role {
  if (roles.includes('admin')) return 'admin'
  if (roles.includes('referrer')) return 'referrer'
  return 'operator'
}

/**
 * Sign-up adds no role row (a new account is treated as an operator); listing a
 * property adds the operator row and submitting a referral the referrer row,
 * so "referrers" are the users who hold the referrer role and no operator role.
 * Anyone who is not purely a referrer may act as an operator.
 */
export function actsAsOperator(roles: readonly Role[]) {
  return roles.includes('operator') || roles.includes('admin') || roles.length === 0
}

export function getRoles(tx: Executor, userId: string): Role[] {
  return tx
    .select({ role: user_roles.role })
    .from(user_roles)
    .where(eq(user_roles.user_id, userId))
    .all()
    .map((r) => r.role)
}

export function isAdmin(userId: string) {
  return !!db
    .select({ role: user_roles.role })
    .from(user_roles)
    .where(and(eq(user_roles.user_id, userId), eq(user_roles.role, 'admin')))
    .get()
}

/** Adds a role if missing (idempotent). Returns true when it was added. */
export function addRole(tx: Executor, userId: string, role: Role) {
  const added = tx.insert(user_roles).values({ user_id: userId, role }).onConflictDoNothing().returning().all()
  return added.length > 0
}

export function removeRole(tx: Executor, userId: string, role: Role) {
  tx.delete(user_roles)
    .where(and(eq(user_roles.user_id, userId), eq(user_roles.role, role)))
    .run()
}
