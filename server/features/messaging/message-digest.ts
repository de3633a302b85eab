import { and, count, eq, gte, isNull, lt, ne } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { messages, profiles, users } from '../../db/schema'
import { defineJob, scheduleJob } from '../../jobs/scheduler'
import { MINUTE } from '../../lib/clock'
import { templates } from '../../mail/templates'
import { mailIfWanted } from '../notifications'
import { recipientLocale } from '../../mail/recipient'

/**
 * New messages are e-mailed in batches, not one e-mail per message: a
 * conversation's messages are counted in windows of this length, and each
 * recipient gets at most one e-mail per conversation and window, at its end.
 */
export const MESSAGE_DIGEST_MINUTES = 15
const WINDOW_MS = MESSAGE_DIGEST_MINUTES * MINUTE

export const MESSAGE_DIGEST_JOB = 'messaging.message-digest'

/**
 * Called by sendMessage inside its transaction. The job's key names the
 * recipient, the conversation and the window, so the window's later messages
 * (on any instance) find the job already scheduled and add nothing: one job,
 * one e-mail. Each message falls in exactly one window, so none is counted twice.
 */
export async function scheduleMessageDigest(
  tx: Tx,
  d: { recipient_id: string; conversation_id: string; sender_name: string; link: string; at: Date },
) {
  const windowStart = Math.floor(d.at.getTime() / WINDOW_MS) * WINDOW_MS
  await scheduleJob(tx, {
    kind: MESSAGE_DIGEST_JOB,
    key: `message-digest:${d.recipient_id}:${d.conversation_id}:${windowStart}`,
    runAt: new Date(windowStart + WINDOW_MS),
    payload: { recipient_id: d.recipient_id, conversation_id: d.conversation_id, sender_name: d.sender_name, link: d.link, from: windowStart },
  })
}

/**
 * At the window's end: how many of the window's messages to the recipient are
 * still unread (read in the app meanwhile, they need no e-mail). The e-mail
 * says how many and links to the conversation; the messages' text stays out
 * of e-mail (ADR 013).
 */
export function registerMessagingJobs() {
  defineJob(MESSAGE_DIGEST_JOB, async ({ tx, payload }) => {
    const recipientId = String(payload.recipient_id)
    const from = new Date(Number(payload.from))
    const [unread] = await tx
      .select({ n: count() })
      .from(messages)
      .where(
        and(
          eq(messages.conversation_id, String(payload.conversation_id)),
          eq(messages.is_read, false),
          ne(messages.sender_id, recipientId),
          gte(messages.created_at, from),
          lt(messages.created_at, new Date(from.getTime() + WINDOW_MS)),
        ),
      )
    const n = Number(unread?.n ?? 0)
    if (n === 0) return
    const [recipient] = await tx
      .select({ email: users.email, first_name: profiles.first_name })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(and(eq(users.id, recipientId), isNull(users.deleted_at)))
      .limit(1)
    if (!recipient) return
    await mailIfWanted(tx, {
      user_id: recipientId,
      topic: 'messages',
      email: {
        to: recipient.email,
        ...templates.messageDigest({ name: recipient.first_name ?? '', sender_name: String(payload.sender_name), count: n, path: String(payload.link) }, await recipientLocale(tx, recipientId)),
      },
    })
  })
}
