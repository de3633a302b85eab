import { desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { properties, referrals, type REFERRAL_STATUSES } from '../../db/schema'
import { clientInitials } from '../../mail/templates'

export type ReferralStatus = (typeof REFERRAL_STATUSES)[number]

/**
 * Every referral, newest first (admin dashboard and `homeward referrals list`).
 * Only the summary an admin needs to manage status: the client appears by
 * initials, no care data leaves the server, so listing is not a disclosure
 * (the full referral is read through GET /api/referrals/:id, which records one).
 */
export async function listReferrals(db: Executor, opts: { status?: ReferralStatus } = {}) {
  const found = await db
    .select({
      id: referrals.id,
      client_first_name: referrals.client_first_name,
      client_last_name: referrals.client_last_name,
      referrer_name: referrals.referrer_name,
      referrer_email: referrals.referrer_email,
      preferred_state: referrals.preferred_state,
      preferred_cities: referrals.preferred_cities,
      budget_range: referrals.budget_range,
      status: referrals.status,
      referral_fee_paid: referrals.referral_fee_paid,
      interested_operators_count: referrals.interested_operators_count,
      matched_operator_id: referrals.matched_operator_id,
      matched_property_id: referrals.matched_property_id,
      matched_property_name: properties.name,
      placed_at: referrals.placed_at,
      /** How the referrer closed it: shown instead of a bare "cancelled". */
      close_outcome: referrals.close_outcome,
      created_at: referrals.created_at,
    })
    .from(referrals)
    .leftJoin(properties, eq(properties.id, referrals.matched_property_id))
    .where(opts.status ? eq(referrals.status, opts.status) : undefined)
    .orderBy(desc(referrals.created_at), desc(referrals.id))
  return found.map(({ client_first_name, client_last_name, ...r }) => ({ ...r, client_initials: clientInitials(client_first_name, client_last_name) }))
}
