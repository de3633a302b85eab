import { and, eq, isNull, ne, or } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import { messages } from '../../db/schema'
import { hub } from '../../realtime/hub'
import type { CurrentUser } from '../../types'
import { conversationFor } from './conversation-access'

/**
 * POST /api/conversations/:id/read: marks the other party's messages read
 * (opening a thread does this). Both parties' tabs hear about it, so unread
 * badges update everywhere. Admins cannot (read-only).
 */
export async function markConversationRead(db: Executor, opts: { user: CurrentUser; conversationId: string }) {
  const updated = await transaction(db, async (tx) => {
    const { row } = await conversationFor(tx, opts.user, opts.conversationId, 'write')
    const marked = await tx
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
    if (marked.length > 0) {
      await hub.publish(tx, [row.referrer_id, row.operator_id], 'conversation.read', {
        conversation_id: row.id,
        referral_id: row.referral_id,
        reader_id: opts.user.id,
      })
    }
    return marked.length
  })
  return { updated }
}
