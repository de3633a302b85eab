import { and, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { conversations } from '../../db/schema'

/**
 * Opens (or returns) the conversation between a referral's referrer and one
 * operator. Called inside the transaction of the event that allows it:
 * interest, invitation or unlock. Idempotent.
 */
export function openConversation(
  tx: Executor,
  opts: { referral_id: string; operator_id: string; opened_by: 'interest' | 'invitation' | 'unlock' },
) {
  tx.insert(conversations).values(opts).onConflictDoNothing().run()
  return tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.referral_id, opts.referral_id), eq(conversations.operator_id, opts.operator_id)))
    .get()!
}
