import { desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { outbox, type OUTBOX_STATUSES } from '../../db/schema'

export type OutboxStatus = (typeof OUTBOX_STATUSES)[number]

/**
 * E-mails whose link signs someone in or takes over an account: an admin
 * reading the outbox sees that they went out, never the working link.
 */
const CREDENTIAL_TYPES = new Set(['password_reset', 'email_verification'])
const hideTokens = (text: string) => text.replace(/([?&]token=)[^\s&"'<>]+/g, '$1[hidden]')

/**
 * Every e-mail the system produced, newest first: status (pending, sent,
 * failed with the error), recipient, type, time, attempts and whether it was
 * retried. The message text is included so an admin can read what was sent
 * (account links hidden).
 */
export async function listOutbox(db: Executor, opts: { status?: OutboxStatus; limit?: number } = {}) {
  const limit = Math.min(Math.max(opts.limit ?? 200, 1), 1000)
  const mails = await db
    .select({
      id: outbox.id,
      to_email: outbox.to_email,
      type: outbox.type,
      subject: outbox.subject,
      text_body: outbox.text_body,
      status: outbox.status,
      attempts: outbox.attempts,
      last_error: outbox.last_error,
      next_attempt_at: outbox.next_attempt_at,
      sent_at: outbox.sent_at,
      created_at: outbox.created_at,
    })
    .from(outbox)
    .where(opts.status ? eq(outbox.status, opts.status) : undefined)
    .orderBy(desc(outbox.created_at), desc(outbox.id))
    .limit(limit)
  return mails.map((row) => ({
    ...row,
    text_body: CREDENTIAL_TYPES.has(row.type) ? hideTokens(row.text_body) : row.text_body,
    retried: row.attempts > 1 || (row.status === 'pending' && row.attempts > 0),
  }))
}
