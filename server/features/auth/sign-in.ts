import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { users } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { AppError } from '../../errors'
import { MINUTE } from '../../lib/clock'
import { limiter, reserveAll, tryAgainIn } from '../../lib/rate-limit'
import { hashPassword, verifyPassword } from './password-hashing'
import { isAdmin } from './roles'
import { createSession } from './session'

const tooMany = tryAgainIn('auth.tooManySignIns')
/** Failed attempts: 5 per account and 20 per IP in 15 minutes. */
export const failuresPerAccount = limiter('sign-in-failures-per-account', 5, 15 * MINUTE, tooMany)
export const failuresPerIp = limiter('sign-in-failures-per-address', 20, 15 * MINUTE, tooMany)

// A real hash to verify against when the account does not exist, so both cases take as long.
// Made on first use, not at import: an argon2id hash costs about 100 ms of CPU, which everything
// that loads the auth area (the CLI's commands too) would otherwise pay. A failed attempt (503) is not kept.
let dummyHash: Promise<string> | undefined
const dummy = () =>
  (dummyHash ??= hashPassword('not-a-real-password').catch((error) => {
    dummyHash = undefined
    throw error
  }))

export const INVALID_CREDENTIALS = 'auth.invalidCredentials'

/**
 * Checks the password and opens a new session (a new id at every sign-in).
 *
 * The attempt is taken from both limits (the e-mail as typed, known or not,
 * and the address) before the password is looked at, in the same tick as the
 * check: a burst sent at once is refused like the same attempts sent one after
 * another. A correct password gives the attempts back (and clears the
 * account's failures); so does a 503 from the hash queue, which checked nothing.
 * The hash is verified outside any transaction (it takes ~100 ms); the unit
 * of work that opens the session reads the account again.
 */
export async function signIn(
  db: Executor,
  input: { email: string; password: string },
  meta: { ip: string | null; userAgent: string | null },
) {
  const attempt = await reserveAll(db, [failuresPerAccount, input.email], [failuresPerIp, meta.ip ?? 'unknown'])
  let ok: boolean
  let user: typeof users.$inferSelect | undefined
  try {
    ;[user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1)
    ok = await verifyPassword(input.password, user?.password_hash ?? (await dummy()))
  } catch (error) {
    await attempt.release()
    throw error
  }
  if (!user || !ok || user.deleted_at) throw new AppError('invalid_credentials', 401, INVALID_CREDENTIALS)
  await attempt.release()
  await failuresPerAccount.reset(db, input.email)
  const found = user
  const { token, session } = await transaction(db, async (tx) => {
    // Deleted, or the password changed, while the hash was being checked: the password checked no longer opens it.
    const [current] = await forUpdate(tx.select({ password_hash: users.password_hash, deleted_at: users.deleted_at }).from(users).where(eq(users.id, found.id)).limit(1))
    if (!current || current.deleted_at || current.password_hash !== found.password_hash) {
      throw new AppError('invalid_credentials', 401, INVALID_CREDENTIALS)
    }
    return createSession(tx, {
      userId: found.id,
      isAdmin: await isAdmin(tx, found.id),
      ip: meta.ip,
      userAgent: meta.userAgent,
    })
  })
  return { user: found, token, session }
}
