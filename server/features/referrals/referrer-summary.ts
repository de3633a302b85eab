import { count, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { referrals } from '../../db/schema'

/**
 * The referrer dashboard's count cards. Placed, closed and cancelled are kept
 * apart: closing with an outcome other than "placed through
 * Homeward" stores status cancelled with that outcome (close-referral.ts), and
 * counts as closed, not as a cancellation.
 */
export async function referrerSummary(db: Executor, userId: string) {
  const rows = await db
    .select({ status: referrals.status, outcome: referrals.close_outcome, n: count() })
    .from(referrals)
    .where(eq(referrals.referrer_user_id, userId))
    .groupBy(referrals.status, referrals.close_outcome)
  const sum = (keep: (r: (typeof rows)[number]) => boolean) => rows.filter(keep).reduce((total, r) => total + r.n, 0)
  return {
    total: sum(() => true),
    pending: sum((r) => r.status === 'pending'),
    matched: sum((r) => r.status === 'matched'),
    placed: sum((r) => r.status === 'placed'),
    closed: sum((r) => r.status === 'cancelled' && r.outcome !== null),
    cancelled: sum((r) => r.status === 'cancelled' && r.outcome === null),
  }
}
