import { and, eq } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { conversations, referrals } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { hub } from '../../realtime/hub'

/**
 * Opens (or returns) the conversation between a referral's referrer and one
 * operator. Called with the transaction of the event that allows it
 * (interest, invitation or unlock), whose unit of work it joins. Idempotent.
 *
 * A newly opened conversation is announced to both parties' open tabs
 * (`conversation.opened`) once that unit of work commits; a rollback
 * announces nothing.
 */
export async function openConversation(
  db: Executor,
  opts: { referral_id: string; operator_id: string; opened_by: 'interest' | 'invitation' | 'unlock' },
) {
  return transaction(db, async (tx) => {
    const [created] = await tx.insert(conversations).values(opts).onConflictDoNothing().returning({ id: conversations.id })
    if (created) await announceOpened(tx, created.id, opts)
    const [conversation] = await tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.referral_id, opts.referral_id), eq(conversations.operator_id, opts.operator_id)))
      .limit(1)
    return conversation!
  })
}

async function announceOpened(tx: Tx, conversationId: string, opts: { referral_id: string; operator_id: string }) {
  const [referral] = await tx.select({ referrer_id: referrals.referrer_user_id }).from(referrals).where(eq(referrals.id, opts.referral_id)).limit(1)
  await hub.publish(tx, [referral?.referrer_id, opts.operator_id], 'conversation.opened', {
    conversation_id: conversationId,
    referral_id: opts.referral_id,
  })
}
