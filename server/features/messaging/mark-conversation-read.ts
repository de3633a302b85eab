import { and, eq, isNull, ne, or } from 'drizzle-orm'
import { afterCommit, transactionSync } from '../../db/unit-of-work'
import { messages } from '../../db/schema'
import { hub } from '../../realtime/hub'
import type { CurrentUser } from '../../types'
import { conversationFor } from './conversation-access'

/**
 * POST /api/conversations/:id/read: marks the other party's messages read
 * (opening a thread does this). Both parties' tabs hear about it, so unread
 * badges update everywhere. Admins cannot (read-only).
 */
export function markConversationRead(opts: { user: CurrentUser; conversationId: string }) {
  const updated = transactionSync((tx) => {
    const { row } = conversationFor(tx, opts.user, opts.conversationId, 'write')
    const updated = tx
      .update(messages)
      .set({ is_read: true })
      .where(
        and(
          eq(messages.conversation_id, row.id),
          eq(messages.is_read, false),
          or(isNull(messages.sender_id), ne(messages.sender_id, opts.user.id)),
        ),
      )
      .returning({ id: messages.id })
      .all().length
    if (updated > 0) {
      afterCommit(tx, () =>
        hub.publish([row.referrer_id, row.operator_id], 'conversation.read', {
          conversation_id: row.id,
          referral_id: row.referral_id,
          reader_id: opts.user.id,
        }),
      )
    }
    return updated
  })
  return { updated }
}
