import { and, eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { outbox } from '../../db/schema'
import { conflict, notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'

/** Puts a failed e-mail back in the queue for one more delivery attempt now (audited). */
export function retryOutboxEmail(opts: { id: string; actor: Actor }) {
  return db.transaction((tx) => {
    const row = tx.select({ id: outbox.id, status: outbox.status, type: outbox.type }).from(outbox).where(eq(outbox.id, opts.id)).get()
    if (!row) throw notFound('E-mail not found')
    if (row.status !== 'failed') throw conflict('not_failed', 'Only failed e-mails can be retried')
    tx.update(outbox)
      .set({ status: 'pending', next_attempt_at: clock.now() })
      .where(and(eq(outbox.id, row.id), eq(outbox.status, 'failed')))
      .run()
    writeAudit(tx, opts.actor, { action: 'email_retried', resource_type: 'outbox', resource_id: row.id, details: { type: row.type } })
    return { id: row.id, status: 'pending' as const }
  })
}
