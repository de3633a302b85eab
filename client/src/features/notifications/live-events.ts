import { onLiveEvents } from '../../lib/live-events'
import { queryKeys } from '../../lib/query-keys'

/*
 * What notifications does with its live events (lib/live-events.ts).
 * Registered by api/notifications.ts, the module of its queries.
 *   notification         {id, type}   a new notification: its id and kind only, the bell refetches
 *                                     the title, body and link (server/features/notifications/notify.ts)
 *   notifications.read   {count}      some were marked read (in another tab, say)
 */
onLiveEvents(['notification', 'notifications.read'], (_, { invalidate }) => invalidate(queryKeys.notifications.all))
