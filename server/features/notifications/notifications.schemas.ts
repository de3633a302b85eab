import { z } from 'zod'

export const markNotificationsReadSchema = z.object({
  /** The notifications to mark read; all of the user's when absent. */
  ids: z.array(z.string().uuid('Invalid notification id'), { error: 'ids must be a list' }).max(200, 'Too many notifications').optional(),
})

export const listNotificationsQuery = z.object({
  limit: z.coerce.number({ error: 'Invalid limit' }).int('Invalid limit').min(1, 'Invalid limit').max(100, 'Invalid limit').default(30),
})
