import { eq } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { users } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { AppError } from '../../errors'
import { DAY, HOUR, clock } from '../../lib/clock'
import { limiter, tryAgainIn } from '../../lib/rate-limit'
import { emailLayout } from '../../mail/layout'
import { enqueueEmail } from '../../mail/outbox'
import { recipientLocale } from '../../mail/recipient'
import { translate } from '../../i18n'
import type { CurrentUser } from '../../types'
import { consumeAccountToken, createAccountToken, peekAccountToken } from './account-tokens'

export const VERIFY_INVALID_MESSAGE = 'auth.verifyLinkInvalid'
export const UNVERIFIED_MESSAGE = 'auth.unverified'
const resends = limiter('verification-emails', 5, HOUR, tryAgainIn('auth.tooManyVerificationEmails'))

/** Queues the verification link (valid 3 days) inside the caller's transaction, in the recipient's language (ADR 037). */
export async function sendVerificationEmail(tx: Tx, user: { id: string; email: string }) {
  const token = await createAccountToken(tx, user.id, 'email_verification', 3 * DAY)
  const locale = await recipientLocale(tx, user.id)
  const t = (key: string) => translate(locale, key)!
  await enqueueEmail(tx, {
    to: user.email,
    type: 'email_verification',
    ...emailLayout({
      locale,
      subject: t('mail.verify.subject'),
      paragraphs: [t('mail.verify.welcome'), t('mail.verify.until')],
      action: { label: t('mail.verify.action'), path: `/verify-email?token=${token}` },
    }),
  })
}

type VerifiedHook = (tx: Tx, user: { id: string; email: string }) => Promise<void>
const verifiedHooks: VerifiedHook[] = []

/**
 * What other areas do once an account proves it owns its address (e.g. the
 * tours area gives the account the tours requested as a guest with that
 * address), in the confirmation's own transaction. Registered once, by
 * server/composition.ts: auth cannot import those areas (they import auth).
 */
export function onEmailVerified(hook: VerifiedHook) {
  verifiedHooks.push(hook)
}

/**
 * Confirms the address the link was sent to. The link opened again after it
 * worked (a second click, the e-mail read again) is not an error: its address
 * is confirmed, and the answer says so (`already_verified`).
 */
export async function verifyEmail(db: Executor, token: string) {
  return transaction(db, async (tx) => {
    const seen = await peekAccountToken(tx, token, 'email_verification')
    if (seen?.used) {
      const [owner] = await tx.select({ verified: users.email_verified_at }).from(users).where(eq(users.id, seen.userId)).limit(1)
      if (owner?.verified) return { verified: true as const, already_verified: true }
    }
    const userId = await consumeAccountToken(tx, token, 'email_verification', VERIFY_INVALID_MESSAGE)
    const [user] = await tx.update(users).set({ email_verified_at: clock.now() }).where(eq(users.id, userId)).returning({ id: users.id, email: users.email })
    for (const hook of verifiedHooks) await hook(tx, user!)
    return { verified: true as const, already_verified: false }
  })
}

export async function resendVerification(db: Executor, user: CurrentUser) {
  if (user.email_verified) return { message: 'Your email address is already verified.' }
  await resends.consume(db, user.id)
  await transaction(db, (tx) => sendVerificationEmail(tx, user))
  return { message: 'Verification email sent.' }
}

/** Guard for actions that need a confirmed e-mail (referrals, unlocks, messages). */
export function requireVerified(user: CurrentUser) {
  if (!user.email_verified) throw new AppError('email_unverified', 403, UNVERIFIED_MESSAGE)
}
