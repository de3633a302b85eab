import { audit_logs } from '../db/schema'
import type { Tx } from '../db/client'
import type { AuditAction } from './audit-actions'

/** Who did something: a signed-in user, the CLI, or the scheduler. */
export type Actor = { id: string | null; label: string; ip?: string | null }

export const CLI_ACTOR: Actor = { id: null, label: 'cli', ip: null }
export const SCHEDULER_ACTOR: Actor = { id: null, label: 'scheduler', ip: null }

/** Writes one audit row; call it inside the use case's transaction. */
export async function writeAudit(
  tx: Tx,
  actor: Actor,
  entry: { action: AuditAction; resource_type: string; resource_id?: string | null; details?: Record<string, unknown> },
) {
  await tx.insert(audit_logs).values({
      actor_id: actor.id,
      actor_label: actor.label,
      action: entry.action,
      resource_type: entry.resource_type,
      resource_id: entry.resource_id ?? null,
      details: entry.details ?? null,
      ip_address: actor.ip ?? null,
  })
}
