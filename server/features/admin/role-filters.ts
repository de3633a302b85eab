import { and, eq, exists, notExists, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/sqlite-core'
import { user_roles, users } from '../../db/schema'
import type { Role } from '../auth'

/** Builds the subqueries without a database: they only ever run inside another query. */
const qb = new QueryBuilder()

/** SQL conditions on `users` for the admin lists. */
export const hasRole = (role: Role) =>
  exists(
    qb
      .select({ one: sql`1` })
      .from(user_roles)
      .where(and(eq(user_roles.user_id, users.id), eq(user_roles.role, role))),
  )

export const lacksRole = (role: Role) =>
  notExists(
    qb
      .select({ one: sql`1` })
      .from(user_roles)
      .where(and(eq(user_roles.user_id, users.id), eq(user_roles.role, role))),
  )

export const hasNoRole = () => notExists(qb.select({ one: sql`1` }).from(user_roles).where(eq(user_roles.user_id, users.id)))
