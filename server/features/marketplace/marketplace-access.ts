import type { Context } from 'hono'
import { and, eq } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { profiles, referral_payments, referral_waitlist, referrals } from '../../db/schema'
import { forbidden, notFound, premiumRequired, unauthorized } from '../../errors'
import type { AppEnv, CurrentUser } from '../../types'
import { isPremium } from '../billing'
import { env } from '../../env'
import type { ReferralRow } from './referral-view'
import { forUpdate, isUniqueViolation } from '../../db/dialect'

/** The texts of the two refusals of referral browsing. */
export const SIGN_IN_TO_BROWSE = 'marketplace.signInToBrowse'
export const SUBSCRIPTION_REQUIRED = 'marketplace.subscriptionRequired'
export const SLOT_FULL_MESSAGE = 'marketplace.slotFull'
export const REFERRAL_NOT_FOUND = 'errors.referralNotFound'

/**
 * Browsing, interest, unlock and the waitlist belong to operators with an
 * active subscription (premium, complimentary, or admin): 401 signed out,
 * 403 `premium_required` otherwise.
 */
export async function requireSubscribedOperator(c: Context<AppEnv>): Promise<CurrentUser> {
  const user = c.get('user')
  if (!user) throw unauthorized(SIGN_IN_TO_BROWSE)
  if (!(await isPremium(c.var.db, user.id))) throw premiumRequired(SUBSCRIPTION_REQUIRED)
  return user
}

/**
 * A referral an operator may act on in the marketplace: it exists and is still
 * pending (only pending referrals are listed); a referrer never
 * expresses interest in or pays for their own referral. Read in the caller's
 * transaction, locked: its row stands for the slot and the line the caller
 * is about to change.
 */
export async function actionableReferral(tx: Tx, referralId: string, userId: string): Promise<ReferralRow> {
  const [row] = await forUpdate(
    tx
      .select()
      .from(referrals)
      .where(and(eq(referrals.id, referralId), eq(referrals.status, 'pending')))
      .limit(1),
  )
  if (!row) throw notFound(REFERRAL_NOT_FOUND)
  if (row.referrer_user_id === userId) throw forbidden('marketplace.ownReferral', 'own_referral')
  return row
}

/** The unlock fee: $500 when the operator's licensing type is licensed, else $200 (configurable). */
export async function unlockFeeCents(db: Executor, operatorId: string) {
  const [profile] = await db
    .select({ licensing_type: profiles.licensing_type })
    .from(profiles)
    .where(eq(profiles.id, operatorId))
    .limit(1)
  return profile?.licensing_type === 'licensed' ? env.UNLOCK_FEE_LICENSED_CENTS : env.UNLOCK_FEE_UNLICENSED_CENTS
}

/** How a person is named in notifications and e-mails: organization, else first and last name. */
export async function displayName(db: Executor, userId: string | null | undefined) {
  if (!userId) return { name: 'An operator', email: null as string | null }
  const [p] = await db
    .select({ first: profiles.first_name, last: profiles.last_name, org: profiles.organization_name, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1)
  if (!p) return { name: 'An operator', email: null as string | null }
  return { name: p.org?.trim() || `${p.first} ${p.last}`.trim(), email: p.email, first_name: p.first }
}

/**
 * Where the referrer's notices go: their account's address, never the address
 * typed into the form (the form must not become a way to send our e-mail to
 * arbitrary people). Null once the account is gone.
 */
export async function referrerAddress(db: Executor, referral: Pick<ReferralRow, 'referrer_user_id'>) {
  return referral.referrer_user_id ? (await displayName(db, referral.referrer_user_id)).email : null
}

/** Did this statement fail on the one-slot-per-referral unique index? */
export const isSlotConflict = (error: unknown) => isUniqueViolation(error, referral_payments, 'referral_payments_one_slot')

/** Did this statement fail on the "one active waitlist entry per operator" index? */
export const isWaitlistDuplicate = (error: unknown) => isUniqueViolation(error, referral_waitlist, 'referral_waitlist_active_unique')
