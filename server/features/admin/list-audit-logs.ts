import { and, desc, eq, gte, inArray, lt, or } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { audit_logs } from '../../db/schema'
import { containsIgnoringCase } from '../../db/dialect'
import { containsPattern } from '../../db/raw'
import { badRequest } from '../../errors'
import { actionsOfArea, type AuditAction, type AuditArea } from '../../lib/audit-actions'

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

export type AuditFilter = { action?: AuditAction; area?: AuditArea; actor?: string; from?: string; to?: string }

const DAY_MS = 24 * 60 * 60 * 1000
/** The filters as SQL: an action, an area's actions, part of the actor, and UTC days from `from` to `to` inclusive. */
function filterSql(f: AuditFilter) {
  return and(
    f.action ? eq(audit_logs.action, f.action) : undefined,
    f.area ? inArray(audit_logs.action, actionsOfArea(f.area)) : undefined,
    f.actor ? containsIgnoringCase(audit_logs.actor_label, containsPattern(f.actor)) : undefined,
    f.from ? gte(audit_logs.created_at, new Date(`${f.from}T00:00:00Z`)) : undefined,
    f.to ? lt(audit_logs.created_at, new Date(Date.parse(`${f.to}T00:00:00Z`) + DAY_MS)) : undefined,
  )
}

/**
 * The audit log, newest first, 50 at a time, optionally filtered. `before` is
 * the `next_cursor` of the previous page: keyset paging, so new entries
 * arriving meanwhile never shift or repeat rows (the cursor is only valid with
 * the same filters, which the dashboard keeps).
 */
export async function listAuditLogs(db: Executor, opts: { before?: string; limit?: number } & AuditFilter = {}) {
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
      and(
        filterSql(opts),
        cursor ? or(lt(audit_logs.created_at, cursor.at), and(eq(audit_logs.created_at, cursor.at), lt(audit_logs.id, cursor.id))) : undefined,
      ),
    )
    .orderBy(desc(audit_logs.created_at), desc(audit_logs.id))
    .limit(limit + 1)
  const items = rows.slice(0, limit)
  const last = items.at(-1)
  return { items, next_cursor: rows.length > limit && last ? encodeCursor(last) : null }
}
