import { z } from 'zod'

/** GET /api/notifications: the bell, newest first. */
export const notificationsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      title: z.string(),
      body: z.string().nullable(),
      link: z.string().nullable(),
      read_at: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  unread_count: z.number().int(),
})
