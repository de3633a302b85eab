import { and, eq, lte } from 'drizzle-orm'
import fs from 'node:fs'
import path from 'node:path'
import { db } from '../db/client'
import { outbox } from '../db/schema'
import { dataDir, env } from '../env'
import { clock, MINUTE } from '../lib/clock'
import { log } from '../lib/logger'
import { every } from '../jobs/scheduler'
import { sendMail } from './transport'

const MAX_ATTEMPTS = 6

/**
 * Delivers due outbox rows: by SMTP when SMTP_URL is set, else as .eml files in
 * DATA_DIR/outbox. Failures retry with exponential backoff (1, 2, 4, 8, 16 min)
 * and end as `failed` with the error, visible in the admin dashboard.
 */
export async function deliverOutbox(limit = 50) {
  const due = db
    .select()
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.next_attempt_at, clock.now())))
    .orderBy(outbox.next_attempt_at)
    .limit(limit)
    .all()
  let sent = 0
  for (const row of due) {
    try {
      await sendMail(row)
      db.update(outbox)
        .set({ status: 'sent', sent_at: clock.now(), attempts: row.attempts + 1, last_error: null })
        .where(eq(outbox.id, row.id))
        .run()
      sent++
    } catch (error) {
      const attempts = row.attempts + 1
      log.warn('outbox delivery failed', { outbox_id: row.id, attempts, error: String(error) })
      db.update(outbox)
        .set({
          attempts,
          last_error: String(error).slice(0, 500),
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          next_attempt_at: new Date(clock.ms() + 2 ** (attempts - 1) * MINUTE),
        })
        .where(eq(outbox.id, row.id))
        .run()
    }
  }
  return sent
}

every('outbox-delivery', 2000, () => deliverOutbox())

export const outboxDir = () => path.join(dataDir(), 'outbox')
export const usesSmtp = () => Boolean(env.SMTP_URL)
export const ensureOutboxDir = () => fs.mkdirSync(outboxDir(), { recursive: true })
