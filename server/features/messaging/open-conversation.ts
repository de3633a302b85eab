import { and, eq } from 'drizzle-orm'
import { db, type Executor } from '../../db/client'
import { conversations, referrals } from '../../db/schema'
import { afterCommit } from '../../db/unit-of-work'
import { hub } from '../../realtime/hub'

/**
 * Opens (or returns) the conversation between a referral's referrer and one
 * operator. Called inside the transaction of the event that allows it:
 * interest, invitation or unlock. Idempotent.
 *
 * A newly opened conversation is announced to both parties' open tabs
 * (`conversation.opened`) after the caller's unit of work commits; a rollback
 * announces nothing.
 */
export function openConversation(
  tx: Executor,
  opts: { referral_id: string; operator_id: string; opened_by: 'interest' | 'invitation' | 'unlock' },
) {
  const created = tx.insert(conversations).values(opts).onConflictDoNothing().returning({ id: conversations.id }).get()
  if (created) afterCommit(tx, () => announceOpened(created.id))
  return tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.referral_id, opts.referral_id), eq(conversations.operator_id, opts.operator_id)))
    .get()!
}

function announceOpened(conversationId: string) {
  try {
    const row = db
      .select({ id: conversations.id, referral_id: conversations.referral_id, operator_id: conversations.operator_id, referrer_id: referrals.referrer_user_id })
      .from(conversations)
      .innerJoin(referrals, eq(referrals.id, conversations.referral_id))
      .where(eq(conversations.id, conversationId))
      .get()
    if (!row) return // deleted since (account deletion)
    hub.publish([row.referrer_id, row.operator_id], 'conversation.opened', {
      conversation_id: row.id,
      referral_id: row.referral_id,
    })
  } catch {
    // Live updates are best effort; the conversation list is fetched on open anyway.
  }
}
