import { and, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { outbox } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { conflict, notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'

/** Puts a failed e-mail back in the queue for one more delivery attempt now (audited). */
export async function retryOutboxEmail(db: Executor, opts: { id: string; actor: Actor }) {
  return transaction(db, async (tx) => {
    const [row] = await forUpdate(tx.select({ id: outbox.id, status: outbox.status, type: outbox.type }).from(outbox).where(eq(outbox.id, opts.id)).limit(1))
    if (!row) throw notFound('admin.eMailNotFound')
    if (row.status !== 'failed') throw conflict('not_failed', 'admin.onlyFailedEMailsRetried')
    await tx
      .update(outbox)
      .set({ status: 'pending', next_attempt_at: clock.now() })
      .where(and(eq(outbox.id, row.id), eq(outbox.status, 'failed')))
    await writeAudit(tx, opts.actor, { action: 'email_retried', resource_type: 'outbox', resource_id: row.id, details: { type: row.type } })
    return { id: row.id, status: 'pending' as const }
  })
}
