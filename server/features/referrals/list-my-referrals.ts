import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { referrals } from '../../db/schema'
import { referralProgress } from './referral-progress'
import { referralStates } from './referral-state'
import { matchCounts, referralSummary } from './referral-views'

/** A referrer's active referrals, the ones an operator can be invited to. */
export const ACTIVE_STATUSES = ['pending', 'matched', 'reviewing'] as const

/**
 * The signed-in user's own referrals, newest first (dashboard list; with
 * `active`, the invite dialog's list). Ownership is the submitting account,
 * not the typed e-mail, which anyone could enter.
 */
export async function listMyReferrals(db: Executor, userId: string, opts: { active: boolean }) {
  const rows = await db
    .select()
    .from(referrals)
    .where(and(eq(referrals.referrer_user_id, userId), opts.active ? inArray(referrals.status, ACTIVE_STATUSES) : undefined))
    .orderBy(desc(referrals.created_at), desc(referrals.id))
  const counts = await matchCounts(
    db,
    rows.map((r) => r.id),
  )
  const progress = await referralProgress(db, rows)
  const states = await referralStates(db, rows)
  return rows.map((r) => ({ ...referralSummary(r, counts.get(r.id) ?? 0), progress: progress.get(r.id)!, state: states.get(r.id)! }))
}
