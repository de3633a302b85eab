import { eq } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { isUniqueViolation } from '../../db/dialect'
import { operator_subscriptions, profiles, users } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { conflict } from '../../errors'
import { limiter } from '../../lib/rate-limit'
import { HOUR } from '../../lib/clock'
import { hashPassword } from './password-hashing'
import { addRole } from './roles'
import { createSession } from './session'
import { enqueueEmail } from '../../mail/outbox'
import { templates } from '../../mail/templates'
import { sendVerificationEmail } from './email-verification'
import type { z } from 'zod'
import type { signUpSchema } from './auth.schemas'
import type { Locale } from '../../i18n'

const signUpsPerIp = limiter('sign-ups-per-address', 10, HOUR, () => 'auth.tooManySignUps')

const emailTaken = () => conflict('email_taken', 'errors.accountEmailAlreadyExists')

/**
 * One account per e-mail. The lookup before it answers the usual case; two
 * sign-ups at once both find no row (and there is none to lock), so the
 * unique index on users.email decides: the second insert is refused.
 */
async function insertUser(tx: Tx, email: string, password_hash: string, preferred_language: Locale) {
  try {
    return (await tx.insert(users).values({ email, password_hash, preferred_language }).returning())[0]!
  } catch (error) {
    if (isUniqueViolation(error, users, 'users_email_unique')) throw emailTaken()
    throw error
  }
}

/**
 * Creates the account, its profile and a free subscription row, and signs the
 * new user in. Someone who refers clients holds the referrer role from here
 * on; anyone else gets no role row and acts as an operator (roles.ts, ADR 001).
 */
export async function signUp(
  db: Executor,
  input: z.output<typeof signUpSchema>,
  meta: { ip: string | null; userAgent: string | null; locale?: Locale },
) {
  // Taken before the hash (a burst counts like a sequence); given back only when the hash queue was full (503).
  const attempt = await signUpsPerIp.reserve(db, meta.ip ?? 'unknown')
  // Hashed before the unit of work opens: never hold a transaction across the ~100 ms hash.
  const password_hash = await hashPassword(input.password).catch(async (error) => {
    await attempt.release()
    throw error
  })
  return transaction(db, async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1)
    if (taken) throw emailTaken()
    const user = await insertUser(tx, input.email, password_hash, meta.locale ?? 'en')
    await tx.insert(profiles).values({
      id: user.id,
      email: input.email,
      first_name: input.first_name,
      last_name: input.last_name,
      phone: input.phone,
    })
    await tx.insert(operator_subscriptions).values({ user_id: user.id })
    const referrer = input.account_type === 'referrer'
    if (referrer) await addRole(tx, user.id, 'referrer')
    await enqueueEmail(tx, { to: input.email, ...templates.welcome({ first_name: input.first_name, referrer }, user.preferred_language === 'es' ? 'es' : 'en') })
    await sendVerificationEmail(tx, user)
    const { token, session } = await createSession(tx, {
      userId: user.id,
      isAdmin: false,
      ip: meta.ip,
      userAgent: meta.userAgent,
    })
    return { user, token, session }
  })
}
