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

/** Which kinds of e-mail the signed-in person gets (each on unless turned off). */
export const emailPreferencesSchema = z.object({ messages: z.boolean(), placement: z.boolean(), hold_reminder: z.boolean() })

/** POST /api/email-unsubscribe/:token: the kind of e-mail now turned off. */
export const unsubscribedSchema = z.object({ topic: z.enum(['messages', 'placement', 'hold_reminder']) })
