import { queryOptions } from '@tanstack/react-query'
import type { listNotifications } from '@server/features/notifications/list-notifications'
import { api } from '../../../lib/api'
import type { Jsonify } from '../../../lib/json'
import { queryKeys } from '../../../lib/query-keys'
// Its live-event handlers come with its queries (lib/live-events.ts).
import '../live-events'

export type NotificationList = Jsonify<ReturnType<typeof listNotifications>>
export type AppNotification = NotificationList['items'][number]

export const notificationsQuery = queryOptions({
  queryKey: queryKeys.notifications.all,
  queryFn: () => api<NotificationList>('/notifications'),
  staleTime: 60_000,
})
