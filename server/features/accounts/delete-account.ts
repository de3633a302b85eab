import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import {
  account_tokens,
  audit_logs,
  shortlist_items,
  disclosures,
  invitations,
  license_proofs,
  notifications,
  operator_subscriptions,
  outbox,
  profiles,
  properties,
  payout_details,
  recovery_codes,
  referral_interests,
  referral_matches,
  referral_waitlist,
  referrals,
  user_roles,
  users,
} from '../../db/schema'
import { inUnitOfWork, transaction } from '../../db/unit-of-work'
import { AppError, conflict } from '../../errors'
import { writeAudit } from '../../lib/audit'
import { clock, MINUTE } from '../../lib/clock'
import { log } from '../../lib/logger'
import { keepOnFailure, limiter, tryAgainIn } from '../../lib/rate-limit'
import { stripeClient } from '../../payments/stripe'
import { removeFile, removeOwnerFolder } from '../../storage/files'
import { effectiveSubscription, getSubscriptionRow } from '../billing'
import { invalidateUserSessions, verifyPassword } from '../auth'
import { touchTask } from '../referrals'

export const WRONG_PASSWORD = 'accounts.wrongPassword'
export const DELETED_LABEL = 'deleted user'
/** Password attempts on the Danger Zone, per account. */
const attempts = limiter('account-deletion-attempts', 5, 15 * MINUTE, tryAgainIn('errors.tooManyAttempts'))

const ACTIVE_REFERRAL = ['pending', 'reviewing', 'matched'] as const

/**
 * DELETE /api/me {password}. Removes what is the user's: sessions, roles,
 * profile (photo, certifications, views, license proofs), payout details, properties (photos, videos, tours,
 * reviews), interests, waitlist places, invitations, notifications, their
 * e-mails in the outbox, and the files on disk. What escrow and the law need
 * stays, anonymised: the user row (e-mail replaced, password unusable) so
 * payments, payouts and the audit trail keep their references; the referrals
 * they submitted lose the referrer's contact details and active ones are
 * cancelled; audit and disclosure rows lose the e-mail label. A running
 * Stripe subscription is cancelled first, so nothing is charged afterwards.
 */
export async function deleteAccount(db: Executor, opts: { userId: string; password: string; ip: string | null }) {
  // The attempt is taken before the password is checked (a burst counts like a sequence); a right password gives it back.
  const user = await keepOnFailure(attempts.reserve(db, opts.userId), (e) => e instanceof AppError && e.code === 'invalid_password', async () => {
    const [found] = await db.select().from(users).where(eq(users.id, opts.userId)).limit(1)
    if (!found || found.deleted_at) throw new AppError('not_found', 404, 'accounts.accountNotFound')
    if (!(await verifyPassword(opts.password, found.password_hash))) throw new AppError('invalid_password', 422, WRONG_PASSWORD, { password: WRONG_PASSWORD })
    return found
  })
  // Checked before Stripe is called, and again in the unit of work below (which decides).
  await refuseLastAdmin(db, user.id)
  await cancelPaidSubscription(db, user.id)

  const anonymousEmail = `deleted-${user.id}@deleted.invalid`

  const { propertyIds, photo } = await transaction(db, async (tx) => {
    const [current] = await forUpdate(tx.select({ deleted_at: users.deleted_at }).from(users).where(eq(users.id, user.id)).limit(1))
    if (!current || current.deleted_at) throw new AppError('not_found', 404, 'accounts.accountNotFound')
    await refuseLastAdmin(tx, user.id)
    const propertyIds = (await tx.select({ id: properties.id }).from(properties).where(eq(properties.operator_id, user.id))).map((p) => p.id)
    const [profile] = await tx.select({ key: profiles.profile_photo }).from(profiles).where(eq(profiles.id, user.id)).limit(1)

    await invalidateUserSessions(tx, user.id)
    if (propertyIds.length) await tx.delete(properties).where(inArray(properties.id, propertyIds))
    await tx.delete(profiles).where(eq(profiles.id, user.id))
    await tx.delete(user_roles).where(eq(user_roles.user_id, user.id))
    await tx.delete(account_tokens).where(eq(account_tokens.user_id, user.id))
    await tx.delete(recovery_codes).where(eq(recovery_codes.user_id, user.id))
    // Where her referral fees were to be paid: gone with her (a payout still owed waits for an admin's decision).
    await tx.delete(payout_details).where(eq(payout_details.user_id, user.id))
    await tx.delete(notifications).where(eq(notifications.user_id, user.id))
    // The referrals whose Task this changes (a home's interest, line, match or invitation; the user's own referrals).
    const touched = new Set<string>()
    for (const t of [referral_interests, referral_waitlist, referral_matches, invitations] as const) {
      for (const r of await tx.select({ id: t.referral_id }).from(t).where(eq(t.operator_id, user.id))) touched.add(r.id)
    }
    for (const r of await tx.select({ id: referrals.id }).from(referrals).where(eq(referrals.referrer_user_id, user.id))) touched.add(r.id)
    await tx.delete(shortlist_items).where(eq(shortlist_items.user_id, user.id))
    await tx.delete(referral_interests).where(eq(referral_interests.operator_id, user.id))
    await tx.delete(referral_waitlist).where(eq(referral_waitlist.operator_id, user.id))
    await tx.delete(referral_matches).where(eq(referral_matches.operator_id, user.id))
    await tx.delete(invitations).where(eq(invitations.operator_id, user.id))
    await tx.delete(license_proofs).where(eq(license_proofs.operator_id, user.id))
    await tx.delete(outbox).where(eq(outbox.to_email, user.email))
    await tx
      .update(referrals)
      .set({ status: 'cancelled' })
      .where(and(eq(referrals.referrer_user_id, user.id), inArray(referrals.status, [...ACTIVE_REFERRAL])))
    await tx
      .update(referrals)
      .set({ referrer_name: 'Deleted user', referrer_email: anonymousEmail, referrer_phone: '' })
      .where(eq(referrals.referrer_user_id, user.id))
    await tx
      .update(operator_subscriptions)
      .set({ tier: 'free', status: 'canceled', is_complimentary: false, cancel_at_period_end: false })
      .where(eq(operator_subscriptions.user_id, user.id))
    for (const id of touched) await touchTask(tx, id)
    await tx.update(audit_logs).set({ actor_label: DELETED_LABEL }).where(eq(audit_logs.actor_id, user.id))
    await tx.update(disclosures).set({ viewer_label: DELETED_LABEL }).where(eq(disclosures.viewer_id, user.id))
    await tx
      .update(users)
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
    await writeAudit(tx, { id: user.id, label: DELETED_LABEL, ip: opts.ip }, { action: 'account.deleted', resource_type: 'user', resource_id: user.id, details: { properties: propertyIds.length } })
    return { propertyIds, photo: profile?.key ?? null }
  })

  await removeFile(photo)
  await removeOwnerFolder('operator-profiles', user.id)
  await removeOwnerFolder('license-proofs', user.id)
  for (const id of propertyIds) {
    await removeOwnerFolder('property-images', id)
    await removeOwnerFolder('property-videos', id)
  }
}

/** The last admin cannot go: another admin must exist first. */
async function refuseLastAdmin(db: Executor, userId: string) {
  const query = db.select({ user_id: user_roles.user_id }).from(user_roles).where(eq(user_roles.role, 'admin'))
  // Inside the unit of work the answer decides the deletion: read for update.
  const admins = await (inUnitOfWork(db) ? forUpdate(query) : query)
  if (admins.some((a) => a.user_id === userId) && admins.length <= 1) {
    throw conflict('last_admin', 'accounts.lastAdminAccountCannotDeleted')
  }
}

async function cancelPaidSubscription(db: Executor, userId: string) {
  const row = await getSubscriptionRow(db, userId)
  if (row?.provider !== 'stripe' || !row.stripe_subscription_id || !effectiveSubscription(row).paid) return
  const stripe = await stripeClient()
  if (!stripe) return
  try {
    await stripe.subscriptions.cancel(row.stripe_subscription_id)
  } catch (error) {
    log.warn('account deletion: subscription cancel failed', { user_id: userId, error: String(error) })
    throw new AppError('provider_error', 502, 'accounts.couldNotCancelSubscriptionTry')
  }
}
