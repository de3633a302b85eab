import { eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import { MINUTE } from '../../lib/clock'
import { limiter, tryAgainIn } from '../../lib/rate-limit'
import { isAdmin } from './roles'
import { createSession } from './session'

const tooMany = tryAgainIn('Too many sign-in attempts')
/** Failed attempts: 5 per account and 20 per IP in 15 minutes. */
export const failuresPerAccount = limiter(5, 15 * MINUTE, tooMany)
export const failuresPerIp = limiter(20, 15 * MINUTE, tooMany)

// A real hash to verify against when the account does not exist, so both cases take as long.
// Made on first use, not at import: an argon2id hash costs about 100 ms of CPU, which everything
// that loads the auth area (the CLI's commands too) would otherwise pay.
let dummyHash: Promise<string> | undefined
const dummy = () => (dummyHash ??= Bun.password.hash('not-a-real-password', { algorithm: 'argon2id' }))

export const INVALID_CREDENTIALS = 'Invalid email or password'

/** Checks the password and opens a new session (a new id at every sign-in). */
export async function signIn(
  input: { email: string; password: string },
  meta: { ip: string | null; userAgent: string | null },
) {
  const ipKey = meta.ip ?? 'unknown'
  failuresPerAccount.check(input.email)
  failuresPerIp.check(ipKey)

  const user = db.select().from(users).where(eq(users.email, input.email)).get()
  const ok = await Bun.password.verify(input.password, user?.password_hash ?? (await dummy()))
  if (!user || !ok || user.deleted_at) {
    failuresPerAccount.hit(input.email)
    failuresPerIp.hit(ipKey)
    throw new AppError('invalid_credentials', 401, INVALID_CREDENTIALS)
  }
  failuresPerAccount.reset(input.email)
  const { token, session } = createSession(db, {
    userId: user.id,
    isAdmin: isAdmin(user.id),
    ip: meta.ip,
    userAgent: meta.userAgent,
  })
  return { user, token, session }
}
