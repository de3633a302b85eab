import { and, count, eq, isNull } from 'drizzle-orm'
import { db, type Tx } from '../../db/client'
import { user_roles, users } from '../../db/schema'
import { conflict, notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { addRole, removeRole, invalidateUserSessions } from '../auth'

function findUser(tx: Tx, email: string) {
  const user = tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.deleted_at)))
    .get()
  if (!user) throw notFound(`No account with the e-mail ${email.trim().toLowerCase()}`)
  return user
}

/**
 * Gives an existing account the admin role (`homeward admin promote`).
 * Existing sessions are ended: admin sessions have a shorter life (SESSION_POLICY).
 */
export function promoteToAdmin(opts: { email: string; actor: Actor }) {
  return db.transaction((tx) => {
    const user = findUser(tx, opts.email)
    if (!addRole(tx, user.id, 'admin')) throw conflict('already_admin', `${user.email} is already an admin`)
    invalidateUserSessions(tx, user.id)
    writeAudit(tx, opts.actor, { action: 'admin_promoted', resource_type: 'user', resource_id: user.id, details: { email: user.email } })
    return user
  })
}

/** Takes the admin role away (`homeward admin demote`); the last admin cannot be demoted. */
export function demoteAdmin(opts: { email: string; actor: Actor }) {
  return db.transaction((tx) => {
    const user = findUser(tx, opts.email)
    const isAdmin = tx
      .select({ role: user_roles.role })
      .from(user_roles)
      .where(and(eq(user_roles.user_id, user.id), eq(user_roles.role, 'admin')))
      .get()
    if (!isAdmin) throw conflict('not_admin', `${user.email} is not an admin`)
    const admins = tx.select({ n: count() }).from(user_roles).where(eq(user_roles.role, 'admin')).get()?.n ?? 0
    if (admins <= 1) throw conflict('last_admin', 'The last admin cannot be demoted: promote another account first')
    removeRole(tx, user.id, 'admin')
    invalidateUserSessions(tx, user.id)
    writeAudit(tx, opts.actor, { action: 'admin_demoted', resource_type: 'user', resource_id: user.id, details: { email: user.email } })
    return user
  })
}
