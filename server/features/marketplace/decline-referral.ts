import { and, eq, gt, inArray, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Executor, Tx } from '../../db/client'
import { forUpdate, larger } from '../../db/dialect'
import { invitations, referral_declines, referral_interests, referral_matches, referral_payments, referrals } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { conflict, forbidden, notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { enqueueEmail } from '../../mail/outbox'
import { clientInitials, templates } from '../../mail/templates'
import { isAdmin } from '../auth'
import { ACTIVE_REFERRAL_STATUSES, matchReferral, DECLINE_REASON_LABELS, type declineSchema, operatorHasUnmaskedAccess, touchTask } from '../referrals'
import { notify } from '../notifications'
import { displayName, referrerAddress } from './marketplace-access'
import { recipientLocale } from '../../mail/recipient'

type Decline = z.output<typeof declineSchema>

/** Does this operator hold (or is paying for) the referral's escrow slot? */
async function holdsSlot(tx: Tx, referralId: string, operatorId: string) {
  const [held] = await forUpdate(
    tx
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
      .limit(1),
  )
  return !!held
}

/**
 * "Not a fit": an operator that matching notified or the referrer
 * invited answers with a reason from the fixed list. In one transaction: the
 * decline is recorded (its note sealed), a pending invitation becomes
 * declined (which also ends its unmasked access), the operator's interest is
 * withdrawn, the referrer is told the reason (and the home only when it did
 * not ask to stay anonymous), and matching sends the referral to the next
 * fitting home. Anyone else: 403 when they may read the referral, else 404.
 * What decides (the referral, the match or invitation, the slot) is read in
 * that transaction, locked.
 */
export async function declineReferral(db: Executor, opts: { referralId: string; operatorId: string; input: Decline; actor: Actor }) {
  return transaction(db, async (tx) => {
    const [referral] = await forUpdate(tx.select().from(referrals).where(eq(referrals.id, opts.referralId)).limit(1))
    if (!referral) throw notFound('errors.referralNotFound')
    const [matched] = await forUpdate(
      tx
        .select({ id: referral_matches.id })
        .from(referral_matches)
        .where(and(eq(referral_matches.referral_id, referral.id), eq(referral_matches.operator_id, opts.operatorId)))
        .limit(1),
    )
    const [invitation] = await forUpdate(
      tx
        .select()
        .from(invitations)
        .where(and(eq(invitations.referral_id, referral.id), eq(invitations.operator_id, opts.operatorId)))
        .limit(1),
    )
    if (!matched && !invitation) {
      if (
        referral.referrer_user_id === opts.operatorId ||
        (await isAdmin(tx, opts.operatorId)) ||
        (await operatorHasUnmaskedAccess(tx, referral.id, opts.operatorId))
      ) {
        throw forbidden('marketplace.onlyHomeMatchedInvitedReferral')
      }
      throw notFound('errors.referralNotFound')
    }
    if (!(ACTIVE_REFERRAL_STATUSES as readonly string[]).includes(referral.status)) {
      throw conflict('referral_closed', 'marketplace.referralClosedNothingDecline')
    }
    if (await holdsSlot(tx, referral.id, opts.operatorId)) {
      throw conflict('escrow_holder', 'marketplace.holdReferralsUnlockPaymentConfirm')
    }
    const source = invitation ? 'invitation' : 'match'
    // An invited home's answer is shown on the invitation the referrer sent: it cannot be anonymous.
    const anonymous = source === 'match' && opts.input.anonymous
    const [created] = await tx
      .insert(referral_declines)
      .values({ referral_id: referral.id, operator_id: opts.operatorId, source, reason: opts.input.reason, note: opts.input.note, anonymous })
      .onConflictDoNothing()
      .returning({ id: referral_declines.id })
    if (!created) throw conflict('already_declined', 'marketplace.alreadyAnsweredNotFitReferral')
    if (invitation) {
      await tx
        .update(invitations)
        .set({ status: 'declined', responded_at: clock.now() })
        .where(eq(invitations.id, invitation.id))
    }
    const withdrawn = await tx
      .delete(referral_interests)
      .where(and(eq(referral_interests.referral_id, referral.id), eq(referral_interests.operator_id, opts.operatorId)))
      .returning({ id: referral_interests.id })
    if (withdrawn.length > 0) {
      await tx
        .update(referrals)
        .set({ interested_operators_count: larger(0, sql`${referrals.interested_operators_count} - 1`) })
        .where(eq(referrals.id, referral.id))
    }
    await touchTask(tx, referral.id)
    await writeAudit(tx, opts.actor, {
      action: 'referral.decline',
      resource_type: 'referral',
      resource_id: referral.id,
      details: { reason: opts.input.reason, source, anonymous },
    })
    const reason = DECLINE_REASON_LABELS[opts.input.reason]
    const home = anonymous ? null : (await displayName(tx, opts.operatorId)).name
    const to = await referrerAddress(tx, referral)
    if (to) {
      await enqueueEmail(tx, {
        to,
        referral_id: referral.id,
        ...templates.referralDeclined({
          referrer_name: referral.referrer_name,
          client_initials: clientInitials(referral.client_first_name, referral.client_last_name),
          referral_id: referral.id,
          reason,
          home_name: home,
        }, await recipientLocale(tx, referral.referrer_user_id)),
      })
    }
    if (referral.referrer_user_id) {
      await notify(tx, referral.referrer_user_id, {
        type: 'referral_declined',
        title: 'A home declined your referral',
        body: `${home ?? 'A home'} answered "Not a fit": ${reason}.`,
        link: '/referrer-dashboard',
      })
    }
    const rematch = await matchReferral(tx, referral.id)
    return { declined: true as const, reason: opts.input.reason, next_homes_notified: rematch.matched.length }
  })
}

/** Referral ids among `ids` that this operator declined: they leave the operator's lists. */
export async function declinedReferralIds(db: Executor, operatorId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>()
  const declined = await db
    .select({ id: referral_declines.referral_id })
    .from(referral_declines)
    .where(and(eq(referral_declines.operator_id, operatorId), inArray(referral_declines.referral_id, [...ids])))
  return new Set(declined.map((r) => r.id))
}
