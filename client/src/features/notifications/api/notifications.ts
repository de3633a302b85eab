import { queryOptions } from '@tanstack/react-query'
import type { listNotifications } from '@server/features/notifications/list-notifications'
import { api } from '../../../lib/api'
import type { Jsonify } from '../../../lib/json'

export type NotificationList = Jsonify<ReturnType<typeof listNotifications>>
export type AppNotification = NotificationList['items'][number]

export const notificationKeys = { all: ['notifications'] as const }

export const notificationsQuery = queryOptions({
  queryKey: notificationKeys.all,
  queryFn: () => api<NotificationList>('/notifications'),
  staleTime: 60_000,
})
