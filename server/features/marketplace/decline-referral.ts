import { and, eq, gt, inArray, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Executor } from '../../db/client'
import { invitations, referral_declines, referral_interests, referral_matches, referral_payments, referrals } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { conflict, forbidden, notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { enqueueEmail } from '../../mail/outbox'
import { clientInitials, templates } from '../../mail/templates'
import { isAdmin } from '../auth'
import { ACTIVE_REFERRAL_STATUSES, matchReferral, DECLINE_REASON_LABELS, type declineSchema, operatorHasUnmaskedAccess } from '../referrals'
import { notify } from '../notifications'
import { displayName, referrerAddress } from './marketplace-access'

type Decline = z.output<typeof declineSchema>

/** Does this operator hold (or is paying for) the referral's escrow slot? */
function holdsSlot(tx: Executor, referralId: string, operatorId: string) {
  return !!tx
    .select({ id: referral_payments.id })
    .from(referral_payments)
    .where(
      and(
        eq(referral_payments.referral_id, referralId),
        eq(referral_payments.operator_id, operatorId),
        or(
          eq(referral_payments.status, 'held_in_escrow'),
          and(eq(referral_payments.status, 'pending'), gt(referral_payments.checkout_expires_at, clock.now())),
        ),
      ),
    )
    .get()
}

/**
 * "Not a fit" (issue 17): an operator that matching notified or the referrer
 * invited answers with a reason from the fixed list. In one transaction: the
 * decline is recorded (its note sealed), a pending invitation becomes
 * declined (which also ends its unmasked access), the operator's interest is
 * withdrawn, the referrer is told the reason (and the home only when it did
 * not ask to stay anonymous), and matching sends the referral to the next
 * fitting home. Anyone else: 403 when they may read the referral, else 404.
 */
export async function declineReferral(opts: { referralId: string; operatorId: string; input: Decline; actor: Actor }) {
  return transaction((tx) => {
    const referral = tx.select().from(referrals).where(eq(referrals.id, opts.referralId)).get()
    if (!referral) throw notFound('Referral not found')
    const matched = tx
      .select({ id: referral_matches.id })
      .from(referral_matches)
      .where(and(eq(referral_matches.referral_id, referral.id), eq(referral_matches.operator_id, opts.operatorId)))
      .get()
    const invitation = tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.referral_id, referral.id), eq(invitations.operator_id, opts.operatorId)))
      .get()
    if (!matched && !invitation) {
      if (referral.referrer_user_id === opts.operatorId || isAdmin(opts.operatorId) || operatorHasUnmaskedAccess(tx, referral.id, opts.operatorId)) {
        throw forbidden('Only a home that was matched to or invited to this referral can answer "Not a fit"')
      }
      throw notFound('Referral not found')
    }
    if (!(ACTIVE_REFERRAL_STATUSES as readonly string[]).includes(referral.status)) {
      throw conflict('referral_closed', 'This referral is closed: there is nothing to decline')
    }
    if (holdsSlot(tx, referral.id, opts.operatorId)) {
      throw conflict('escrow_holder', 'You hold this referral\'s unlock payment: confirm the placement (placed or not placed) instead of declining')
    }
    const source = invitation ? 'invitation' : 'match'
    // An invited home's answer is shown on the invitation the referrer sent: it cannot be anonymous.
    const anonymous = source === 'match' && opts.input.anonymous
    const created = tx
      .insert(referral_declines)
      .values({ referral_id: referral.id, operator_id: opts.operatorId, source, reason: opts.input.reason, note: opts.input.note, anonymous })
      .onConflictDoNothing()
      .returning({ id: referral_declines.id })
      .get()
    if (!created) throw conflict('already_declined', 'You have already answered "Not a fit" for this referral')
    if (invitation) {
      tx.update(invitations)
        .set({ status: 'declined', responded_at: clock.now() })
        .where(eq(invitations.id, invitation.id))
        .run()
    }
    const withdrawn = tx
      .delete(referral_interests)
      .where(and(eq(referral_interests.referral_id, referral.id), eq(referral_interests.operator_id, opts.operatorId)))
      .returning({ id: referral_interests.id })
      .all()
    if (withdrawn.length > 0) {
      tx.update(referrals)
        .set({ interested_operators_count: sql`max(0, ${referrals.interested_operators_count} - 1)` })
        .where(eq(referrals.id, referral.id))
        .run()
    }
    writeAudit(tx, opts.actor, {
      action: 'referral.decline',
      resource_type: 'referral',
      resource_id: referral.id,
      details: { reason: opts.input.reason, source, anonymous },
    })
    const reason = DECLINE_REASON_LABELS[opts.input.reason]
    const home = anonymous ? null : displayName(tx, opts.operatorId).name
    const to = referrerAddress(tx, referral)
    if (to) {
      enqueueEmail(tx, {
        to,
        referral_id: referral.id,
        ...templates.referralDeclined({
          referrer_name: referral.referrer_name,
          client_initials: clientInitials(referral.client_first_name, referral.client_last_name),
          referral_id: referral.id,
          reason,
          home_name: home,
        }),
      })
    }
    if (referral.referrer_user_id) {
      notify(tx, referral.referrer_user_id, {
        type: 'referral_declined',
        title: 'A home declined your referral',
        body: `${home ?? 'A home'} answered "Not a fit": ${reason}.`,
        link: '/referrer-dashboard',
      })
    }
    const rematch = matchReferral(tx, referral.id)
    return { declined: true, reason: opts.input.reason, next_homes_notified: rematch.matched.length }
  })
}

/** Referral ids among `ids` that this operator declined: they leave the operator's lists. */
export function declinedReferralIds(tx: Executor, operatorId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>()
  return new Set(
    tx
      .select({ id: referral_declines.referral_id })
      .from(referral_declines)
      .where(and(eq(referral_declines.operator_id, operatorId), inArray(referral_declines.referral_id, [...ids])))
      .all()
      .map((r) => r.id),
  )
}
