import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { profiles } from '../../db/schema'
import type { CurrentUser } from '../../types'
import { FREE_STATUS, getSubscriptionStatus } from '../billing'
import { log } from '../../lib/logger'
import { getRoles, resolveRole } from '../auth'
import { twoFactorEnabled } from './two-factor'
import { isLocale } from '../../i18n'

/** GET /api/me: who is signed in, their roles and their subscription status. */
async function twoFactorState(db: Executor, user: CurrentUser) {
  const enabled = await twoFactorEnabled(db, user.id)
  // Admins must enrol: the client sends them to Account & Security until they do.
  return { enabled, required: user.is_admin && !enabled }
}

export async function getMe(db: Executor, user: CurrentUser) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, user.id)).limit(1)
  let subscription = FREE_STATUS
  try {
    subscription = await getSubscriptionStatus(db, user.id)
  } catch (error) {
    // A failed subscription check falls back silently to the free tier.
    log.warn('subscription check failed', { user_id: user.id, error: String(error) })
  }
  return {
    user: {
      id: user.id,
      email: user.email,
      first_name: profile?.first_name ?? '',
      last_name: profile?.last_name ?? '',
      phone: profile?.phone ?? null,
      username: profile?.username ?? null,
      organization_name: profile?.organization_name ?? null,
      email_verified: user.email_verified,
      preferred_language: isLocale(user.preferred_language) ? user.preferred_language : 'en',
    },
    two_factor: await twoFactorState(db, user),
    roles: user.roles,
    role: user.role,
    is_admin: user.is_admin,
    subscription,
  }
}

/** Builds the `me` answer for a user who just signed in or up (sign-in, sign-up, password reset, second factor). */
export async function meFor(db: Executor, user: { id: string; email: string; email_verified_at: Date | null; preferred_language: string }, sessionId: string, twoFactorVerified = false) {
  const roles = await getRoles(db, user.id)
  return getMe(db, {
    id: user.id,
    email: user.email,
    roles,
    role: resolveRole(roles),
    is_admin: roles.includes('admin'),
    email_verified: !!user.email_verified_at,
    session_id: sessionId,
    two_factor_verified: twoFactorVerified,
    preferred_language: user.preferred_language,
  })
}
