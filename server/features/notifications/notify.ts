import type { Executor } from '../../db/client'
import { notifications } from '../../db/schema'
import { afterCommit } from '../../db/unit-of-work'
import { hub } from '../../realtime/hub'

export type NotificationInput = { type: string; title: string; body?: string; link?: string }

/**
 * Records an in-app notification (its body sealed at rest) inside the caller's unit of work
 * (server/db/unit-of-work.ts); once it commits, the notification is pushed live to the user's open tabs.
 */
export function notify(tx: Executor, userId: string, n: NotificationInput) {
  const row = tx
    .insert(notifications)
    .values({ user_id: userId, type: n.type, title: n.title, body: n.body ?? null, link: n.link ?? null })
    .returning()
    .get()
  // The live event carries the id and kind only (the replay log stays free of texts); the bell refetches the rest.
  afterCommit(tx, () => hub.publish([userId], 'notification', { id: row.id, type: n.type }))
  return row.id
}
