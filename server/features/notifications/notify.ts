import type { Tx } from '../../db/client'
import { notifications } from '../../db/schema'
import { hub } from '../../realtime/hub'

export type NotificationInput = { type: string; title: string; body?: string; link?: string }

/**
 * Records an in-app notification (its body sealed at rest) inside the caller's unit of work
 * (server/db/unit-of-work.ts); once it commits, the notification is pushed live to the user's open tabs.
 */
export async function notify(tx: Tx, userId: string, n: NotificationInput) {
  const [row] = await tx
    .insert(notifications)
    .values({ user_id: userId, type: n.type, title: n.title, body: n.body ?? null, link: n.link ?? null })
    .returning({ id: notifications.id })
  // The live event carries the id and kind only (the replay log stays free of texts); the bell refetches the rest.
  await hub.publish(tx, [userId], 'notification', { id: row!.id, type: n.type })
  return row!.id
}
