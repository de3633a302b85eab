import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { notifications } from '../../db/schema'
import { rowidSql } from '../../db/dialect'

/** GET /api/notifications: the bell's latest notifications, newest first, and the unread count. */
export async function listNotifications(db: Executor, opts: { userId: string; limit: number }) {
  const items = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      read_at: notifications.read_at,
      created_at: notifications.created_at,
    })
    .from(notifications)
    .where(eq(notifications.user_id, opts.userId))
    .orderBy(desc(notifications.created_at), desc(rowidSql()))
    .limit(opts.limit)
  const [unread] = await db
    .select({ n: sql<number>`count(*)` })
    .from(notifications)
    .where(and(eq(notifications.user_id, opts.userId), isNull(notifications.read_at)))
  return { items, unread_count: Number(unread?.n ?? 0) }
}
