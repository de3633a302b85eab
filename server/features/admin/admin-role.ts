import { and, eq, isNull } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { user_roles, users } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { conflict, notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { addRole, removeRole, invalidateUserSessions } from '../auth'
import { keyed } from '../../i18n/keyed'

async function findUser(tx: Tx, email: string) {
  const [user] = await forUpdate(
    tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.deleted_at)))
      .limit(1),
  )
  if (!user) throw notFound(keyed('admin.noAccountWithEmail', { email: email.trim().toLowerCase() }))
  return user
}

/**
 * Gives an existing account the admin role (`homeward admin promote`).
 * Existing sessions are ended: admin sessions have a shorter life (SESSION_POLICY).
 */
export async function promoteToAdmin(db: Executor, opts: { email: string; actor: Actor }) {
  return transaction(db, async (tx) => {
    const user = await findUser(tx, opts.email)
    if (!(await addRole(tx, user.id, 'admin'))) throw conflict('already_admin', keyed('admin.alreadyAdmin', { email: user.email }))
    await invalidateUserSessions(tx, user.id)
    await writeAudit(tx, opts.actor, { action: 'admin_promoted', resource_type: 'user', resource_id: user.id, details: { email: user.email } })
    return user
  })
}

/** Takes the admin role away (`homeward admin demote`); the last admin cannot be demoted. */
export async function demoteAdmin(db: Executor, opts: { email: string; actor: Actor }) {
  return transaction(db, async (tx) => {
    const user = await findUser(tx, opts.email)
    // The admin rows, read for update: two demotions at once cannot leave no admin.
    const admins = await forUpdate(tx.select({ user_id: user_roles.user_id }).from(user_roles).where(eq(user_roles.role, 'admin')))
    if (!admins.some((a) => a.user_id === user.id)) throw conflict('not_admin', keyed('admin.notAdmin', { email: user.email }))
    if (admins.length <= 1) throw conflict('last_admin', 'admin.lastAdminCannotDemotedPromote')
    await removeRole(tx, user.id, 'admin')
    await invalidateUserSessions(tx, user.id)
    await writeAudit(tx, opts.actor, { action: 'admin_demoted', resource_type: 'user', resource_id: user.id, details: { email: user.email } })
    return user
  })
}
