import { asc, desc, eq } from 'drizzle-orm'
import { nullsLast } from '../../db/dialect'
import type { Executor } from '../../db/client'
import { payout_details, payouts, profiles, referrals, users } from '../../db/schema'
import { clientInitials } from '../../mail/templates'
import { payoutView } from './payout-state'

/** The referrer's payouts, newest first (her dashboard shows each beside its referral). */
export async function listMyPayouts(db: Executor, userId: string) {
  const rows = await db.select().from(payouts).where(eq(payouts.referrer_user_id, userId)).orderBy(desc(payouts.created_at), desc(payouts.id))
  const [details] = await db.select({ method: payout_details.method }).from(payout_details).where(eq(payout_details.user_id, userId)).limit(1)
  return rows.map((p) => payoutView(p, !!details))
}

/**
 * Every payout for the admin, owed ones oldest first (pay the longest waiting
 * first), paid ones latest first. Whether the referrer gave her details and
 * which method she asked for; the details themselves are read one at a time
 * (readPayee), audited.
 */
export async function listPayoutsForAdmin(db: Executor, status: 'owed' | 'paid' = 'owed') {
  const rows = await db
    .select({
      payout: payouts,
      referrer_name: referrals.referrer_name,
      client_first_name: referrals.client_first_name,
      client_last_name: referrals.client_last_name,
      referrer_email: users.email,
      first_name: profiles.first_name,
      last_name: profiles.last_name,
      details_method: payout_details.method,
    })
    .from(payouts)
    .innerJoin(referrals, eq(referrals.id, payouts.referral_id))
    .leftJoin(users, eq(users.id, payouts.referrer_user_id))
    .leftJoin(profiles, eq(profiles.id, payouts.referrer_user_id))
    .leftJoin(payout_details, eq(payout_details.user_id, payouts.referrer_user_id))
    .where(eq(payouts.status, status))
    .orderBy(...(status === 'owed' ? [asc(payouts.created_at), asc(payouts.id)] : [nullsLast(desc(payouts.paid_at)), desc(payouts.id)]))
    .limit(500)
  return rows.map((r) => ({
    ...payoutView(r.payout, r.details_method !== null),
    referrer_user_id: r.payout.referrer_user_id,
    referrer_name: [r.first_name, r.last_name].filter(Boolean).join(' ').trim() || r.referrer_name,
    referrer_email: r.referrer_email,
    client_initials: clientInitials(r.client_first_name, r.client_last_name),
    has_details: r.details_method !== null,
    details_method: r.details_method,
    paid_at: r.payout.paid_at?.toISOString() ?? null,
  }))
}
