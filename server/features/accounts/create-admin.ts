import { eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { operator_subscriptions, profiles, users } from '../../db/schema'
import { conflict } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { emailField, passwordField, addRole } from '../auth'
import { validationError } from '../../lib/validate'

/** Creates an admin account (CLI: `homeward admin create <email>`). */
export async function createAdmin(input: { email: string; password: string; first_name?: string; last_name?: string }, actor: Actor) {
  const email = emailField.safeParse(input.email)
  if (!email.success) throw validationError(email.error.issues)
  const password = passwordField.safeParse(input.password)
  if (!password.success) throw validationError(password.error.issues)
  const password_hash = await Bun.password.hash(password.data, { algorithm: 'argon2id' })
  return db.transaction((tx) => {
    if (tx.select({ id: users.id }).from(users).where(eq(users.email, email.data)).get()) {
      throw conflict('email_taken', 'An account with this email already exists')
    }
    const user = tx
      .insert(users)
      .values({ email: email.data, password_hash, email_verified_at: clock.now() })
      .returning()
      .get()
    tx.insert(profiles)
      .values({ id: user.id, email: email.data, first_name: input.first_name ?? 'Admin', last_name: input.last_name ?? 'User' })
      .run()
    tx.insert(operator_subscriptions).values({ user_id: user.id }).run()
    addRole(tx, user.id, 'admin')
    writeAudit(tx, actor, { action: 'admin_created', resource_type: 'user', resource_id: user.id, details: { email: email.data } })
    return user
  })
}
