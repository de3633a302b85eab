import { and, eq, exists, notExists, sql } from 'drizzle-orm'
import { db } from '../../db/client'
import { user_roles, users } from '../../db/schema'
import type { Role } from '../auth'

/** SQL conditions on `users` for the admin lists. */
export const hasRole = (role: Role) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(user_roles)
      .where(and(eq(user_roles.user_id, users.id), eq(user_roles.role, role))),
  )

export const lacksRole = (role: Role) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(user_roles)
      .where(and(eq(user_roles.user_id, users.id), eq(user_roles.role, role))),
  )

export const hasNoRole = () => notExists(db.select({ one: sql`1` }).from(user_roles).where(eq(user_roles.user_id, users.id)))
