import { count, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { referrals } from '../../db/schema'

/** The referrer dashboard's five count cards. */
export async function referrerSummary(db: Executor, userId: string) {
  const rows = await db
    .select({ status: referrals.status, n: count() })
    .from(referrals)
    .where(eq(referrals.referrer_user_id, userId))
    .groupBy(referrals.status)
  const by = new Map(rows.map((r) => [r.status, r.n]))
  return {
    total: rows.reduce((sum, r) => sum + r.n, 0),
    pending: by.get('pending') ?? 0,
    matched: by.get('matched') ?? 0,
    placed: by.get('placed') ?? 0,
    cancelled: by.get('cancelled') ?? 0,
  }
}
