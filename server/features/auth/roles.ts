import { and, eq } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { user_roles } from '../../db/schema'
import { inUnitOfWork } from '../../db/unit-of-work'
import type { Role } from '../../types'

export type { Role }

/**
 * Admin if any row is admin; else referrer if any is referrer;
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

export async function getRoles(db: Executor, userId: string): Promise<Role[]> {
  const rows = await db.select({ role: user_roles.role }).from(user_roles).where(eq(user_roles.user_id, userId))
  return rows.map((r) => r.role)
}

/** Is the user an admin? Inside a unit of work the answer gates a write: the row is read for update. */
export async function isAdmin(db: Executor, userId: string) {
  const query = db
    .select({ role: user_roles.role })
    .from(user_roles)
    .where(and(eq(user_roles.user_id, userId), eq(user_roles.role, 'admin')))
    .limit(1)
  const [row] = await (inUnitOfWork(db) ? forUpdate(query) : query)
  return !!row
}

/** Adds a role if missing (idempotent). Returns true when it was added. */
export async function addRole(tx: Tx, userId: string, role: Role) {
  const added = await tx.insert(user_roles).values({ user_id: userId, role }).onConflictDoNothing().returning({ role: user_roles.role })
  return added.length > 0
}

export async function removeRole(tx: Tx, userId: string, role: Role) {
  await tx.delete(user_roles).where(and(eq(user_roles.user_id, userId), eq(user_roles.role, role)))
}
