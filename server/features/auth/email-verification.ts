import { eq } from 'drizzle-orm'
import { db, type Executor } from '../../db/client'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import { DAY, HOUR, clock } from '../../lib/clock'
import { limiter, tryAgainIn } from '../../lib/rate-limit'
import { emailLayout } from '../../mail/layout'
import { enqueueEmail } from '../../mail/outbox'
import type { CurrentUser } from '../../types'
import { consumeAccountToken, createAccountToken } from './account-tokens'

export const VERIFY_INVALID_MESSAGE = 'This verification link is invalid or has expired.'
export const UNVERIFIED_MESSAGE = 'Please verify your email address first. We sent you a link; you can ask for a new one.'
const resends = limiter(5, HOUR, tryAgainIn('Too many verification e-mails'))

/** Queues the verification link (valid 3 days) inside the caller's transaction. */
export function sendVerificationEmail(tx: Executor, user: { id: string; email: string }) {
  const token = createAccountToken(tx, user.id, 'email_verification', 3 * DAY)
  enqueueEmail(tx, {
    to: user.email,
    type: 'email_verification',
    ...emailLayout({
      subject: 'Confirm your e-mail address',
      paragraphs: [
        'Welcome to Homeward! Please confirm your e-mail address.',
        'Until you do, you can sign in and browse, but not submit referrals, unlock referrals or send messages.',
      ],
      action: { label: 'Confirm e-mail address', path: `/verify-email?token=${token}` },
    }),
  })
}

export function verifyEmail(token: string) {
  return db.transaction((tx) => {
    const userId = consumeAccountToken(tx, token, 'email_verification', VERIFY_INVALID_MESSAGE)
    tx.update(users).set({ email_verified_at: clock.now() }).where(eq(users.id, userId)).run()
    return { verified: true }
  })
}

export function resendVerification(user: CurrentUser) {
  if (user.email_verified) return { message: 'Your email address is already verified.' }
  resends.consume(user.id)
  db.transaction((tx) => sendVerificationEmail(tx, user))
  return { message: 'Verification email sent.' }
}

/** Guard for actions that need a confirmed e-mail (referrals, unlocks, messages). */
export function requireVerified(user: CurrentUser) {
  if (!user.email_verified) throw new AppError('email_unverified', 403, UNVERIFIED_MESSAGE)
}
