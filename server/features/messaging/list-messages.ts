import { and, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import { messages } from '../../db/schema'
import { notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import type { CurrentUser } from '../../types'
import { conversationFor } from './conversation-access'
import { toConversationView } from './conversation-view'
import { disclose } from '../privacy'
import { rowidSql } from '../../db/dialect'

/**
 * GET /api/conversations/:id/messages: the latest `limit` messages of a
 * conversation, oldest first (paging back with `before`). Parties only; an
 * admin's read is audited. Reading does not mark anything read: that is
 * POST /read, sent when the thread is actually open.
 */
export async function listMessages(
  db: Executor,
  opts: {
    user: CurrentUser
    actor: Actor
    conversationId: string
    limit: number
    before?: string
  },
) {
  return transaction(db, async (tx) => {
    const { row, side } = await conversationFor(tx, opts.user, opts.conversationId, 'read')
    let cursor: SQL | undefined
    if (opts.before) {
      const [anchor] = await tx
        .select({ created_at: messages.created_at, rowid: rowidSql() })
        .from(messages)
        .where(and(eq(messages.id, opts.before), eq(messages.conversation_id, row.id)))
        .limit(1)
      if (!anchor) throw notFound('messaging.messageNotFound')
      cursor = or(
        lt(messages.created_at, anchor.created_at),
        and(eq(messages.created_at, anchor.created_at), sql`${rowidSql()} < ${anchor.rowid}`),
      )
    }
    const page = await tx
      .select({
        id: messages.id,
        conversation_id: messages.conversation_id,
        referral_id: messages.referral_id,
        sender_id: messages.sender_id,
        message_text: messages.message_text,
        is_read: messages.is_read,
        created_at: messages.created_at,
      })
      .from(messages)
      .where(and(eq(messages.conversation_id, row.id), cursor))
      .orderBy(desc(messages.created_at), desc(rowidSql()))
      .limit(opts.limit + 1)
    const has_more = page.length > opts.limit
    // Messages the viewer wrote themselves are no disclosure; anyone else's are.
    if (side !== 'referrer' && page.slice(0, opts.limit).some((m) => m.sender_id !== opts.user.id)) await disclose(tx, { id: row.referral_id, owner: row.referrer_id }, opts.user, 'messages')
    const conversation = await toConversationView(tx, row, side, opts.user)
    const nameOf = (senderId: string | null) =>
      senderId === row.operator_id
        ? conversation.operator_name
        : senderId && senderId === row.referrer_id
          ? conversation.referrer_name
          : 'Former user'
    const items = page
      .slice(0, opts.limit)
      .reverse()
      .map((m) => ({ ...m, sender_name: nameOf(m.sender_id), mine: m.sender_id === opts.user.id }))
    if (side === 'admin') {
      await writeAudit(tx, opts.actor, {
        action: 'conversation.read_for_dispute',
        resource_type: 'conversation',
        resource_id: row.id,
        details: { referral_id: row.referral_id, messages: items.length },
      })
    }
    return { conversation, messages: items, has_more }
  })
}
