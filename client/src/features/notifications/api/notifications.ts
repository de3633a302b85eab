import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
// Its live-event handlers come with its queries (lib/live-events.ts).
import '../live-events'
import type { z } from 'zod'
import type { notificationsSchema } from '@server/features/notifications/notifications.responses'

export type NotificationList = z.infer<typeof notificationsSchema>
export type AppNotification = NotificationList['items'][number]

export const notificationsQuery = queryOptions({
  queryKey: queryKeys.notifications.all,
  queryFn: () => api<NotificationList>('/notifications'),
  staleTime: 60_000,
})
