import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { operator_subscriptions, profiles, users } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { conflict } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { emailField, passwordField, addRole, hashPassword } from '../auth'
import { validationError } from '../../lib/validate'

/** Creates an admin account (CLI: `homeward admin create <email>`). */
export async function createAdmin(db: Executor, input: { email: string; password: string; first_name?: string; last_name?: string }, actor: Actor) {
  const email = emailField.safeParse(input.email)
  if (!email.success) throw validationError(email.error.issues)
  const password = passwordField.safeParse(input.password)
  if (!password.success) throw validationError(password.error.issues)
  const password_hash = await hashPassword(password.data)
  return transaction(db, async (tx) => {
    const [taken] = await forUpdate(tx.select({ id: users.id }).from(users).where(eq(users.email, email.data)).limit(1))
    if (taken) throw conflict('email_taken', 'errors.accountEmailAlreadyExists')
    const user = (await tx.insert(users).values({ email: email.data, password_hash, email_verified_at: clock.now() }).returning())[0]!
    await tx
      .insert(profiles)
      .values({ id: user.id, email: email.data, first_name: input.first_name ?? 'Admin', last_name: input.last_name ?? 'User' })
    await tx.insert(operator_subscriptions).values({ user_id: user.id })
    await addRole(tx, user.id, 'admin')
    await writeAudit(tx, actor, { action: 'admin_created', resource_type: 'user', resource_id: user.id, details: { email: email.data } })
    return user
  })
}
