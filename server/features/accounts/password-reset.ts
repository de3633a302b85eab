import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { users } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { HOUR } from '../../lib/clock'
import { limiter, reserveAll, tryAgainIn } from '../../lib/rate-limit'
import { emailLayout } from '../../mail/layout'
import { enqueueEmail } from '../../mail/outbox'
import { isAdmin, createSession, invalidateUserSessions, consumeAccountToken, createAccountToken, hashPassword, peekAccountToken } from '../auth'
import { AppError } from '../../errors'
import { RESET_INVALID_MESSAGE } from './security.schemas'
import { recipientLocale } from '../../mail/recipient'
import { translate } from '../../i18n'

export { RESET_INVALID_MESSAGE }

export const RESET_SENT_MESSAGE = 'If an account exists for that email, we sent a link to reset your password.'
const tooManyResets = tryAgainIn('accounts.tooManyResets')
const resetsPerEmail = limiter('password-resets-per-email', 3, HOUR, tooManyResets)
const resetsPerIp = limiter('password-resets-per-address', 10, HOUR, tooManyResets)

/** Sends a reset link (1 hour, single use). Same answer whether or not the e-mail exists. */
export async function requestPasswordReset(db: Executor, email: string, ip: string | null) {
  // Both taken at once, before any lookup: the same answers for a known and an unknown e-mail, in a burst as in a sequence.
  await reserveAll(db, [resetsPerIp, ip ?? 'unknown'], [resetsPerEmail, email])
  await transaction(db, async (tx) => {
    const [user] = await forUpdate(tx.select().from(users).where(eq(users.email, email)).limit(1))
    if (!user || user.deleted_at) return
    const token = await createAccountToken(tx, user.id, 'password_reset', HOUR)
    const locale = await recipientLocale(tx, user.id)
    const t = (key: string) => translate(locale, key)!
    await enqueueEmail(tx, {
      to: user.email,
      type: 'password_reset',
      ...emailLayout({
        locale,
        subject: t('mail.passwordReset.subject'),
        paragraphs: [t('mail.passwordReset.asked'), t('mail.passwordReset.notYou')],
        action: { label: t('mail.passwordReset.action'), path: `/reset-password?token=${token}` },
      }),
    })
  })
  return { message: RESET_SENT_MESSAGE }
}

/**
 * Whether a reset link still works, checked when its page opens, so the
 * visitor learns before typing a password that it expired and can ask for a
 * new one. Spends nothing; says nothing about whose link it is.
 */
export async function checkResetLink(db: Executor, token: string) {
  const seen = await peekAccountToken(db, token, 'password_reset')
  if (!seen?.usable) throw new AppError('invalid_token', 400, 'accounts.resetInvalid')
  return { valid: true as const }
}

/** Sets the new password, signs out every session, and opens a new one for this browser. */
export async function resetPassword(db: Executor, token: string, password: string, meta: { ip: string | null; userAgent: string | null }) {
  const password_hash = await hashPassword(password)
  return transaction(db, async (tx) => {
    const userId = await consumeAccountToken(tx, token, 'password_reset', RESET_INVALID_MESSAGE)
    await tx.update(users).set({ password_hash }).where(eq(users.id, userId))
    await invalidateUserSessions(tx, userId)
    const user = (await tx.select().from(users).where(eq(users.id, userId)).limit(1))[0]!
    // Opening the e-mailed link proves the e-mail address too.
    if (!user.email_verified_at) await tx.update(users).set({ email_verified_at: new Date() }).where(eq(users.id, userId))
    const session = await createSession(tx, { userId, isAdmin: await isAdmin(tx, userId), ip: meta.ip, userAgent: meta.userAgent })
    return { user, ...session }
  })
}
