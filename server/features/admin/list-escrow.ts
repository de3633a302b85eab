import { asc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { profiles, referral_payments, referrals } from '../../db/schema'
import { clock } from '../../lib/clock'
import { clientInitials } from '../../mail/templates'

/**
 * Payments held in escrow, soonest hold end first, with the operator's name
 * and the referral they unlocked (the client by initials only). `expired` once the hold ended without the
 * two parties agreeing (the admin then releases or refunds with a reason).
 */
export async function listEscrow(db: Executor) {
  const now = clock.ms()
  const held = await db
    .select({
      id: referral_payments.id,
      referral_id: referral_payments.referral_id,
      operator_id: referral_payments.operator_id,
      operator_first_name: profiles.first_name,
      operator_last_name: profiles.last_name,
      operator_organization: profiles.organization_name,
      operator_email: profiles.email,
      client_first_name: referrals.client_first_name,
      client_last_name: referrals.client_last_name,
      referrer_name: referrals.referrer_name,
      referral_status: referrals.status,
      amount_cents: referral_payments.amount_cents,
      paid_at: referral_payments.paid_at,
      escrow_hold_until: referral_payments.escrow_hold_until,
      escrow_expired_at: referral_payments.escrow_expired_at,
      referrer_confirmation: referral_payments.referrer_confirmation,
      operator_confirmation: referral_payments.operator_confirmation,
    })
    .from(referral_payments)
    .innerJoin(referrals, eq(referrals.id, referral_payments.referral_id))
    .leftJoin(profiles, eq(profiles.id, referral_payments.operator_id))
    .where(eq(referral_payments.status, 'held_in_escrow'))
    .orderBy(asc(referral_payments.escrow_hold_until), asc(referral_payments.paid_at))
  return held.map(({ operator_first_name, operator_last_name, operator_organization, client_first_name, client_last_name, ...row }) => ({
    ...row,
    client_initials: clientInitials(client_first_name, client_last_name),
    operator_name:
      operator_organization?.trim() || [operator_first_name, operator_last_name].filter(Boolean).join(' ') || 'Deleted operator',
    expired: !!row.escrow_expired_at || (row.escrow_hold_until ? row.escrow_hold_until.getTime() <= now : false),
  }))
}
