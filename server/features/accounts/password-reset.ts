import { eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { users } from '../../db/schema'
import { HOUR } from '../../lib/clock'
import { limiter, tryAgainIn } from '../../lib/rate-limit'
import { emailLayout } from '../../mail/layout'
import { enqueueEmail } from '../../mail/outbox'
import { isAdmin, createSession, invalidateUserSessions, consumeAccountToken, createAccountToken } from '../auth'

export const RESET_SENT_MESSAGE = 'If an account exists for that email, we sent a link to reset your password.'
export const RESET_INVALID_MESSAGE = 'This password reset link is invalid or has expired.'
const tooManyResets = tryAgainIn('Too many password reset requests')
const resetsPerEmail = limiter(3, HOUR, tooManyResets)
const resetsPerIp = limiter(10, HOUR, tooManyResets)

/** Sends a reset link (1 hour, single use). Same answer whether or not the e-mail exists. */
export function requestPasswordReset(email: string, ip: string | null) {
  resetsPerIp.consume(ip ?? 'unknown')
  resetsPerEmail.consume(email)
  db.transaction((tx) => {
    const user = tx.select().from(users).where(eq(users.email, email)).get()
    if (!user || user.deleted_at) return
    const token = createAccountToken(tx, user.id, 'password_reset', HOUR)
    enqueueEmail(tx, {
      to: user.email,
      type: 'password_reset',
      ...emailLayout({
        subject: 'Reset your Homeward password',
        paragraphs: [
          'Someone asked to reset the password of your Homeward account. The link works once, for one hour.',
          'If it was not you, ignore this e-mail: your password stays the same.',
        ],
        action: { label: 'Reset password', path: `/reset-password?token=${token}` },
      }),
    })
  })
  return { message: RESET_SENT_MESSAGE }
}

/** Sets the new password, signs out every session, and opens a new one for this browser. */
export async function resetPassword(token: string, password: string, meta: { ip: string | null; userAgent: string | null }) {
  const password_hash = await Bun.password.hash(password, { algorithm: 'argon2id' })
  return db.transaction((tx) => {
    const userId = consumeAccountToken(tx, token, 'password_reset', RESET_INVALID_MESSAGE)
    tx.update(users).set({ password_hash }).where(eq(users.id, userId)).run()
    invalidateUserSessions(tx, userId)
    const user = tx.select().from(users).where(eq(users.id, userId)).get()!
    // Opening the e-mailed link proves the e-mail address too.
    if (!user.email_verified_at) tx.update(users).set({ email_verified_at: new Date() }).where(eq(users.id, userId)).run()
    const session = createSession(tx, { userId, isAdmin: isAdmin(userId), ip: meta.ip, userAgent: meta.userAgent })
    return { user, ...session }
  })
}
