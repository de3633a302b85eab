import { desc, eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { outbox, OUTBOX_STATUSES } from '../../db/schema'

export type OutboxStatus = (typeof OUTBOX_STATUSES)[number]

/**
 * Every e-mail the system produced, newest first: status (pending, sent,
 * failed with the error), recipient, type, time, attempts and whether it was
 * retried. The message text is included so an admin can read what was sent.
 */
export function listOutbox(opts: { status?: OutboxStatus; limit?: number } = {}) {
  const limit = Math.min(Math.max(opts.limit ?? 200, 1), 1000)
  return db
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
    .all()
    .map((row) => ({ ...row, retried: row.attempts > 1 || (row.status === 'pending' && row.attempts > 0) }))
}
