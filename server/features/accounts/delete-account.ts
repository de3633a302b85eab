import { and, eq, inArray } from 'drizzle-orm'
import { db } from '../../db/client'
import {
  account_tokens,
  audit_logs,
  disclosures,
  invitations,
  license_proofs,
  notifications,
  operator_subscriptions,
  outbox,
  profiles,
  properties,
  recovery_codes,
  referral_interests,
  referral_matches,
  referral_waitlist,
  referrals,
  user_roles,
  users,
} from '../../db/schema'
import { AppError, conflict } from '../../errors'
import { writeAudit } from '../../lib/audit'
import { clock, MINUTE } from '../../lib/clock'
import { log } from '../../lib/logger'
import { limiter, tryAgainIn } from '../../lib/rate-limit'
import { stripeClient } from '../../payments/stripe'
import { removeFile, removeOwnerFolder } from '../../storage/files'
import { effectiveSubscription, getSubscriptionRow } from '../billing'
import { invalidateUserSessions } from '../auth'

export const WRONG_PASSWORD = 'Incorrect password'
export const DELETED_LABEL = 'deleted user'
/** Password attempts on the Danger Zone, per account. */
const attempts = limiter(5, 15 * MINUTE, tryAgainIn('Too many attempts'))

const ACTIVE_REFERRAL = ['pending', 'reviewing', 'matched'] as const

/**
 * DELETE /api/me {password}. Removes what is the user's: sessions, roles,
 * profile (photo, certifications, views, license proofs), properties (photos, videos, tours,
 * reviews), interests, waitlist places, invitations, notifications, their
 * e-mails in the outbox, and the files on disk. What escrow and the law need
 * stays, anonymised: the user row (e-mail replaced, password unusable) so
 * payments, payouts and the audit trail keep their references; the referrals
 * they submitted lose the referrer's contact details and active ones are
 * cancelled; audit and disclosure rows lose the e-mail label. A running
 * Stripe subscription is cancelled first, so nothing is charged afterwards.
 */
export async function deleteAccount(opts: { userId: string; password: string; ip: string | null }) {
  attempts.check(opts.userId)
  const user = db.select().from(users).where(eq(users.id, opts.userId)).get()
  if (!user || user.deleted_at) throw new AppError('not_found', 404, 'Account not found')
  if (!(await Bun.password.verify(opts.password, user.password_hash))) {
    attempts.hit(opts.userId)
    throw new AppError('invalid_password', 422, WRONG_PASSWORD, { password: WRONG_PASSWORD })
  }
  const roles = db.select().from(user_roles).where(eq(user_roles.user_id, user.id)).all().map((r) => r.role)
  if (roles.includes('admin') && db.select().from(user_roles).where(eq(user_roles.role, 'admin')).all().length <= 1) {
    throw conflict('last_admin', 'The last admin account cannot be deleted. Create another admin first.')
  }
  await cancelPaidSubscription(user.id)

  const propertyIds = db.select({ id: properties.id }).from(properties).where(eq(properties.operator_id, user.id)).all().map((p) => p.id)
  const photo = db.select({ key: profiles.profile_photo }).from(profiles).where(eq(profiles.id, user.id)).get()?.key ?? null
  const anonymousEmail = `deleted-${user.id}@deleted.invalid`

  db.transaction((tx) => {
    invalidateUserSessions(tx, user.id)
    if (propertyIds.length) tx.delete(properties).where(inArray(properties.id, propertyIds)).run()
    tx.delete(profiles).where(eq(profiles.id, user.id)).run()
    tx.delete(user_roles).where(eq(user_roles.user_id, user.id)).run()
    tx.delete(account_tokens).where(eq(account_tokens.user_id, user.id)).run()
    tx.delete(recovery_codes).where(eq(recovery_codes.user_id, user.id)).run()
    tx.delete(notifications).where(eq(notifications.user_id, user.id)).run()
    tx.delete(referral_interests).where(eq(referral_interests.operator_id, user.id)).run()
    tx.delete(referral_waitlist).where(eq(referral_waitlist.operator_id, user.id)).run()
    tx.delete(referral_matches).where(eq(referral_matches.operator_id, user.id)).run()
    tx.delete(invitations).where(eq(invitations.operator_id, user.id)).run()
    tx.delete(license_proofs).where(eq(license_proofs.operator_id, user.id)).run()
    tx.delete(outbox).where(eq(outbox.to_email, user.email)).run()
    tx.update(referrals)
      .set({ status: 'cancelled' })
      .where(and(eq(referrals.referrer_user_id, user.id), inArray(referrals.status, [...ACTIVE_REFERRAL])))
      .run()
    tx.update(referrals)
      .set({ referrer_name: 'Deleted user', referrer_email: anonymousEmail, referrer_phone: '' })
      .where(eq(referrals.referrer_user_id, user.id))
      .run()
    tx.update(operator_subscriptions)
      .set({ tier: 'free', status: 'canceled', is_complimentary: false, cancel_at_period_end: false })
      .where(eq(operator_subscriptions.user_id, user.id))
      .run()
    tx.update(audit_logs).set({ actor_label: DELETED_LABEL }).where(eq(audit_logs.actor_id, user.id)).run()
    tx.update(disclosures).set({ viewer_label: DELETED_LABEL }).where(eq(disclosures.viewer_id, user.id)).run()
    tx.update(users)
      .set({
        email: anonymousEmail,
        // Not a hash of anything: no password can match it.
        password_hash: `deleted:${crypto.randomUUID()}`,
        email_verified_at: null,
        totp_secret: null,
        totp_enabled_at: null,
        deleted_at: clock.now(),
      })
      .where(eq(users.id, user.id))
      .run()
    writeAudit(tx, { id: user.id, label: DELETED_LABEL, ip: opts.ip }, { action: 'account.deleted', resource_type: 'user', resource_id: user.id, details: { properties: propertyIds.length } })
  })

  removeFile(photo)
  removeOwnerFolder('operator-profiles', user.id)
  removeOwnerFolder('license-proofs', user.id)
  for (const id of propertyIds) {
    removeOwnerFolder('property-images', id)
    removeOwnerFolder('property-videos', id)
  }
}

async function cancelPaidSubscription(userId: string) {
  const row = getSubscriptionRow(userId)
  if (row?.provider !== 'stripe' || !row.stripe_subscription_id || !effectiveSubscription(row).paid) return
  const stripe = await stripeClient()
  if (!stripe) return
  try {
    await stripe.subscriptions.cancel(row.stripe_subscription_id)
  } catch (error) {
    log.warn('account deletion: subscription cancel failed', { user_id: userId, error: String(error) })
    throw new AppError('provider_error', 502, 'Could not cancel your subscription. Please try again.')
  }
}
