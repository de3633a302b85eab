import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import { notifications } from '../../db/schema'
import { clock } from '../../lib/clock'
import { hub } from '../../realtime/hub'

/**
 * POST /api/notifications/read: marks the given notifications (or all) of the
 * signed-in user read; ids of other users' notifications are ignored. The
 * user's other tabs update their bell.
 */
export async function markNotificationsRead(db: Executor, opts: { userId: string; ids?: string[] }) {
  if (opts.ids && opts.ids.length === 0) return { updated: 0 }
  return transaction(db, async (tx) => {
    const updated = (
      await tx
        .update(notifications)
        .set({ read_at: clock.now() })
        .where(
          and(
            eq(notifications.user_id, opts.userId),
            isNull(notifications.read_at),
            opts.ids ? inArray(notifications.id, opts.ids) : undefined,
          ),
        )
        .returning({ id: notifications.id })
    ).length
    if (updated > 0) await hub.publish(tx, [opts.userId], 'notifications.read', { count: updated })
    return { updated }
  })
}
