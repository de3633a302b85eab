import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { conversations, profiles, properties, referral_payments, referrals, users } from '../../db/schema'
import { clock } from '../../lib/clock'
import { clientInitials } from '../../mail/templates'
import { nullsLast } from '../../db/dialect'

/** How many resolved payments the history shows (the latest). */
const HISTORY_LIMIT = 200

/**
 * Payments held in escrow, soonest hold end first, with the operator's name
 * and the referral they unlocked (the client by initials only). `expired` once the hold ended without the
 * two parties agreeing (the admin then releases or refunds with a reason).
 *
 * Each row names the home the client was placed in (the referral's matched
 * home, when set) and the conversation between this operator and the
 * referrer, so an admin weighing a "Placed" answer can open both.
 *
 * `view: 'resolved'` is the history: payments released to the referrer or
 * refunded, latest resolution first, with who resolved them and why, so a
 * payment does not vanish from the admin's sight once it is settled.
 */
export async function listEscrow(db: Executor, view: 'held' | 'resolved' = 'held') {
  const now = clock.ms()
  const query = db
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
      status: referral_payments.status,
      resolved_at: referral_payments.resolved_at,
      resolved_by: referral_payments.resolved_by,
      resolution_reason: referral_payments.resolution_reason,
      matched_property_id: referrals.matched_property_id,
      matched_property_name: properties.name,
      conversation_id: conversations.id,
    })
    .from(referral_payments)
    .innerJoin(referrals, eq(referrals.id, referral_payments.referral_id))
    .leftJoin(profiles, eq(profiles.id, referral_payments.operator_id))
    .leftJoin(properties, eq(properties.id, referrals.matched_property_id))
    // One conversation per referral and operator (conversations_unique).
    .leftJoin(conversations, and(eq(conversations.referral_id, referral_payments.referral_id), eq(conversations.operator_id, referral_payments.operator_id)))
    .$dynamic()
  const held =
    view === 'held'
      ? await query
          .where(eq(referral_payments.status, 'held_in_escrow'))
          // A missing time (no hold end, never paid) after every known one; equal times by id.
          .orderBy(nullsLast(asc(referral_payments.escrow_hold_until)), nullsLast(asc(referral_payments.paid_at)), asc(referral_payments.id))
      : await query
          .where(inArray(referral_payments.status, ['released_to_referrer', 'refunded']))
          // No resolution time recorded: after the dated ones. The id decides which 200 are kept among equal times.
          .orderBy(nullsLast(desc(referral_payments.resolved_at)), desc(referral_payments.updated_at), desc(referral_payments.id))
          .limit(HISTORY_LIMIT)
  // Who resolved each payment, by e-mail (stored as the admin's id, or the CLI's label).
  const resolverIds = [...new Set(held.map((r) => r.resolved_by).filter((id): id is string => !!id))]
  const resolvers = resolverIds.length
    ? new Map((await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, resolverIds))).map((u) => [u.id, u.email]))
    : new Map<string, string>()
  return held.map(({ operator_first_name, operator_last_name, operator_organization, client_first_name, client_last_name, ...row }) => ({
    ...row,
    resolved_by: row.resolved_by ? (resolvers.get(row.resolved_by) ?? row.resolved_by) : null,
    client_initials: clientInitials(client_first_name, client_last_name),
    operator_name:
      operator_organization?.trim() || [operator_first_name, operator_last_name].filter(Boolean).join(' ') || 'Deleted operator',
    expired: row.status === 'held_in_escrow' && (!!row.escrow_expired_at || (row.escrow_hold_until ? row.escrow_hold_until.getTime() <= now : false)),
  }))
}
