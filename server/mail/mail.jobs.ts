import { and, asc, eq, lte } from 'drizzle-orm'
import type { DB } from '../db/client'
import { outbox } from '../db/schema'
import { transaction } from '../db/unit-of-work'
import { backoffMs, clock, MINUTE } from '../lib/clock'
import { log } from '../lib/logger'
import { every } from '../jobs/scheduler'
import { OUTBOX_DELIVERY } from './outbox'
import { sendMail } from './transport'

export const MAX_ATTEMPTS = 6
/** How long a claimed row is hidden from other runners while it is being sent. */
const CLAIM_MS = 5 * MINUTE

/** Backoff after the n-th failed attempt: 1, 2, 4, 8, 16 minutes. */

/**
 * Delivers due outbox rows: by SMTP when SMTP_URL is set, else as .eml files in
 * DATA_DIR/outbox. Failures retry with exponential backoff and end as `failed`
 * with the error after MAX_ATTEMPTS, visible in the admin dashboard.
 *
 * Each row is claimed first (its next attempt pushed out with a conditional
 * update), so the server's scheduler and `homeward jobs run` running at the
 * same time never send the same message twice. The claim and the result are
 * two short transactions; the sending happens between them, outside any
 * transaction (it takes a database, never a `tx`, for that reason).
 */
export async function deliverOutbox(db: DB, limit = 50) {
  const due = await db
    .select({ id: outbox.id, next_attempt_at: outbox.next_attempt_at })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.next_attempt_at, clock.now())))
    .orderBy(asc(outbox.next_attempt_at), asc(outbox.id))
    .limit(limit)
  let sent = 0
  for (const candidate of due) {
    const [row] = await transaction(db, async (tx) =>
      tx
        .update(outbox)
        .set({ next_attempt_at: new Date(clock.ms() + CLAIM_MS) })
        .where(and(eq(outbox.id, candidate.id), eq(outbox.status, 'pending'), eq(outbox.next_attempt_at, candidate.next_attempt_at)))
        .returning(),
    )
    if (!row) continue // another runner took it
    try {
      await sendMail(row)
      await transaction(db, (tx) =>
        tx
          .update(outbox)
          .set({ status: 'sent', sent_at: clock.now(), attempts: row.attempts + 1, last_error: null })
          .where(eq(outbox.id, row.id)),
      )
      sent++
      log.info('email sent', { outbox_id: row.id, type: row.type })
    } catch (error) {
      const attempts = row.attempts + 1
      const message = error instanceof Error ? error.message : String(error)
      log.warn('outbox delivery failed', { outbox_id: row.id, type: row.type, attempts, error: message })
      await transaction(db, (tx) =>
        tx
          .update(outbox)
          .set({
            attempts,
            last_error: message.slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            next_attempt_at: new Date(clock.ms() + backoffMs(attempts)),
          })
          .where(eq(outbox.id, row.id)),
      )
    }
  }
  return sent
}

every(OUTBOX_DELIVERY, 2000, (db) => deliverOutbox(db))
