import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { referral_interests, referrals } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { enqueueEmail } from '../../mail/outbox'
import { clientInitials, templates } from '../../mail/templates'
import { openConversation } from '../messaging'
import { notify } from '../notifications'
import { actionableReferral, displayName, referrerAddress } from './marketplace-access'
import type { ReferralRow } from './referral-view'

/**
 * Records an operator's interest in a referral, once: the count goes up by
 * one, the conversation with the referrer opens, and the referrer is told
 * (in-app and by e-mail). A second call changes nothing. Runs inside the
 * caller's transaction (interest, unlock and joining the waitlist all record it).
 */
export function recordInterest(tx: Executor, referral: ReferralRow, operatorId: string): { created: boolean } {
  const inserted = tx
    .insert(referral_interests)
    .values({ referral_id: referral.id, operator_id: operatorId, status: 'interested' })
    .onConflictDoNothing()
    .returning({ id: referral_interests.id })
    .get()
  if (!inserted) return { created: false }
  tx.update(referrals)
    .set({ interested_operators_count: sql`${referrals.interested_operators_count} + 1` })
    .where(eq(referrals.id, referral.id))
    .run()
  openConversation(tx, { referral_id: referral.id, operator_id: operatorId, opened_by: 'interest' })
  const operator = displayName(tx, operatorId)
  const to = referrerAddress(tx, referral)
  if (to) {
    enqueueEmail(tx, {
      to,
      referral_id: referral.id,
      ...templates.interestReceived({
        referrer_name: referral.referrer_name,
        operator_name: operator.name,
        referral_id: referral.id,
        client_initials: clientInitials(referral.client_first_name, referral.client_last_name),
      }),
    })
  }
  if (referral.referrer_user_id) {
    notify(tx, referral.referrer_user_id, {
      type: 'interest_received',
      title: 'An operator is interested in your referral',
      body: `${operator.name} expressed interest. You can message them from My Referrals.`,
      link: '/my-referrals',
    })
  }
  return { created: true }
}

/** POST /api/referrals/:id/interest — idempotent. */
export async function expressInterest(opts: { referralId: string; operatorId: string }) {
  return transaction((tx) => {
    const referral = actionableReferral(tx, opts.referralId, opts.operatorId)
    const recorded = recordInterest(tx, referral, opts.operatorId)
    const count = tx
      .select({ n: referrals.interested_operators_count })
      .from(referrals)
      .where(eq(referrals.id, referral.id))
      .get()!.n
    return { interested: true, created: recorded.created, interested_operators_count: count }
  })
}
