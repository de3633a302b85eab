import type { Executor } from '../../db/client'
import { notifications } from '../../db/schema'
import { hub } from '../../realtime/hub'

export type NotificationInput = { type: string; title: string; body?: string; link?: string }

/**
 * Records an in-app notification (its body sealed at rest) inside the caller's transaction. Returns a
 * function to call after commit that pushes it live to the user's open tabs.
 */
export function notify(tx: Executor, userId: string, n: NotificationInput) {
  const row = tx
    .insert(notifications)
    .values({ user_id: userId, type: n.type, title: n.title, body: n.body ?? null, link: n.link ?? null })
    .returning()
    .get()
  // The live event carries the id and kind only (the replay log stays free of texts); the bell refetches the rest.
  return () => hub.publish([userId], 'notification', { id: row.id, type: n.type })
}
