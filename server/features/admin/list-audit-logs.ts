import { and, desc, eq, lt, or } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { audit_logs } from '../../db/schema'
import { badRequest } from '../../errors'

export const AUDIT_PAGE_SIZE = 50

/** Opaque paging cursor: the (created_at, id) of the last row shown. */
const encodeCursor = (row: { created_at: Date; id: string }) =>
  Buffer.from(`${row.created_at.getTime()}:${row.id}`).toString('base64url')

function decodeCursor(cursor: string) {
  const [ms, id] = Buffer.from(cursor, 'base64url').toString().split(':')
  const at = Number(ms)
  if (!id || !Number.isSafeInteger(at)) throw badRequest('admin.invalidCursor')
  return { at: new Date(at), id }
}

/**
 * The audit log, newest first, 50 at a time. `before` is the
 * `next_cursor` of the previous page: keyset paging, so new entries arriving
 * meanwhile never shift or repeat rows.
 */
export async function listAuditLogs(db: Executor, opts: { before?: string; limit?: number } = {}) {
  const limit = Math.min(Math.max(opts.limit ?? AUDIT_PAGE_SIZE, 1), 200)
  const cursor = opts.before ? decodeCursor(opts.before) : null
  const rows = await db
    .select({
      id: audit_logs.id,
      action: audit_logs.action,
      resource_type: audit_logs.resource_type,
      resource_id: audit_logs.resource_id,
      actor_label: audit_logs.actor_label,
      actor_id: audit_logs.actor_id,
      ip_address: audit_logs.ip_address,
      details: audit_logs.details,
      created_at: audit_logs.created_at,
    })
    .from(audit_logs)
    .where(
      cursor
        ? or(lt(audit_logs.created_at, cursor.at), and(eq(audit_logs.created_at, cursor.at), lt(audit_logs.id, cursor.id)))
        : undefined,
    )
    .orderBy(desc(audit_logs.created_at), desc(audit_logs.id))
    .limit(limit + 1)
  const items = rows.slice(0, limit)
  const last = items.at(-1)
  return { items, next_cursor: rows.length > limit && last ? encodeCursor(last) : null }
}
