import { and, eq, isNull } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { conversations, messages, notifications } from '../../db/schema'
import { forUpdate } from '../../db/dialect'
import { transaction } from '../../db/unit-of-work'
import { MINUTE } from '../../lib/clock'
import { limiter } from '../../lib/rate-limit'
import { hub } from '../../realtime/hub'
import type { CurrentUser } from '../../types'
import { notify } from '../notifications'
import { conversationFor } from './conversation-access'
import { operatorName, referrerName } from './conversation-view'
import { scheduleMessageDigest } from './message-digest'

/** Generous for people, a brake for scripts. */
const messagesPerUser = limiter('messages', 60, MINUTE, () => 'messaging.tooQuickly')

/** Where each side opens a conversation in the app (notification links). */
export function conversationLink(side: 'operator' | 'referrer', c: { id: string; referral_id: string }) {
  return side === 'operator'
    ? `/operator-dashboard?tab=messages&conversation=${c.id}`
    : `/my-referrals?referral=${c.referral_id}&conversation=${c.id}`
}

/**
 * One unread "new message" notification per conversation: later messages do
 * not pile up in the bell. Looked for after sendMessage updated the
 * conversation's row (last_message_at), which locks it: messages sent to one
 * conversation at once look one after the other, each seeing the
 * notification the one before it left.
 */
async function hasUnreadMessageNotification(tx: Executor, userId: string, link: string) {
  const [unread] = await forUpdate(
    tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.user_id, userId), eq(notifications.type, 'message'), eq(notifications.link, link), isNull(notifications.read_at)))
      .limit(1),
  )
  return !!unread
}

/**
 * POST /api/conversations/:id/messages. Parties only (admins read-only).
 * After commit the message is announced to both parties' open tabs, and the
 * recipient's bell gets a notification if none is unread for this conversation.
 */
export async function sendMessage(db: Executor, opts: { user: CurrentUser; conversationId: string; message_text: string }) {
  await messagesPerUser.consume(db, opts.user.id)
  const { message, conversation } = await transaction(db, async (tx) => {
    const { row, side } = await conversationFor(tx, opts.user, opts.conversationId, 'write')
    const [inserted] = await tx
      .insert(messages)
      .values({ conversation_id: row.id, referral_id: row.referral_id, sender_id: opts.user.id, message_text: opts.message_text })
      .returning()
    const message = inserted!
    await tx.update(conversations).set({ last_message_at: message.created_at }).where(eq(conversations.id, row.id))
    // Names of the two parties only: the answer shows no client data, so nothing is disclosed.
    const conversation = { id: row.id, referral_id: row.referral_id, referrer_id: row.referrer_id, operator_id: row.operator_id, operator_name: operatorName(row), referrer_name: referrerName(row) }
    const recipientSide = side === 'operator' ? 'referrer' : 'operator'
    const recipientId = recipientSide === 'operator' ? row.operator_id : row.referrer_id
    await hub.publish(tx, [conversation.referrer_id, conversation.operator_id], 'message.created', {
      conversation_id: conversation.id,
      referral_id: conversation.referral_id,
      message_id: message.id,
      sender_id: message.sender_id,
      recipient_id: recipientId,
    })
    if (recipientId && recipientId !== opts.user.id) {
      const link = conversationLink(recipientSide, row)
      const senderName = side === 'operator' ? conversation.operator_name : conversation.referrer_name
      if (!(await hasUnreadMessageNotification(tx, recipientId, link))) {
        await notify(tx, recipientId, { type: 'message', title: `New message from ${senderName}`, link })
      }
      // And by e-mail, batched: one e-mail per conversation and window, if still unread then.
      await scheduleMessageDigest(tx, { recipient_id: recipientId, conversation_id: row.id, sender_name: senderName, link, at: message.created_at })
    }
    return { message, conversation }
  })
  return { ...message, sender_name: opts.user.id === conversation.operator_id ? conversation.operator_name : conversation.referrer_name, mine: true as const }
}
