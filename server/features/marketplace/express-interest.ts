import { eq, sql } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { referral_interests, referrals } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { enqueueEmail } from '../../mail/outbox'
import { clientInitials, templates } from '../../mail/templates'
import { openConversation } from '../messaging'
import { notify } from '../notifications'
import { actionableReferral, displayName, referrerAddress } from './marketplace-access'
import type { ReferralRow } from './referral-view'
import { touchTask } from '../referrals'
import { recipientLocale } from '../../mail/recipient'

/**
 * Records an operator's interest in a referral, once: the count goes up by
 * one, the conversation with the referrer opens, and the referrer is told
 * (in-app and by e-mail). A second call changes nothing. Runs inside the
 * caller's transaction (interest, unlock and joining the waitlist all record it).
 */
export async function recordInterest(tx: Tx, referral: ReferralRow, operatorId: string): Promise<{ created: boolean }> {
  const inserted = await tx
    .insert(referral_interests)
    .values({ referral_id: referral.id, operator_id: operatorId, status: 'interested' })
    .onConflictDoNothing()
    .returning({ id: referral_interests.id })
  if (inserted.length === 0) return { created: false }
  await tx
    .update(referrals)
    .set({ interested_operators_count: sql`${referrals.interested_operators_count} + 1` })
    .where(eq(referrals.id, referral.id))
  await touchTask(tx, referral.id)
  await openConversation(tx, { referral_id: referral.id, operator_id: operatorId, opened_by: 'interest' })
  const operator = await displayName(tx, operatorId)
  const to = await referrerAddress(tx, referral)
  if (to) {
    await enqueueEmail(tx, {
      to,
      referral_id: referral.id,
      ...templates.interestReceived({
        referrer_name: referral.referrer_name,
        operator_name: operator.name,
        referral_id: referral.id,
        client_initials: clientInitials(referral.client_first_name, referral.client_last_name),
      }, await recipientLocale(tx, referral.referrer_user_id)),
    })
  }
  if (referral.referrer_user_id) {
    await notify(tx, referral.referrer_user_id, {
      type: 'interest_received',
      title: 'An operator is interested in your referral',
      body: `${operator.name} expressed interest. You can message them from My Referrals.`,
      link: '/my-referrals',
    })
  }
  return { created: true }
}

/** POST /api/referrals/:id/interest — idempotent. */
export async function expressInterest(db: Executor, opts: { referralId: string; operatorId: string }) {
  return transaction(db, async (tx) => {
    const referral = await actionableReferral(tx, opts.referralId, opts.operatorId)
    const recorded = await recordInterest(tx, referral, opts.operatorId)
    const [count] = await tx
      .select({ n: referrals.interested_operators_count })
      .from(referrals)
      .where(eq(referrals.id, referral.id))
      .limit(1)
    return { interested: true as const, created: recorded.created, interested_operators_count: count!.n }
  })
}
