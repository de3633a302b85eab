import { z } from 'zod'

export const markNotificationsReadSchema = z.object({
  /** The notifications to mark read; all of the user's when absent. */
  ids: z.array(z.string().uuid('Invalid notification id'), { error: 'ids must be a list' }).max(200, 'Too many notifications').optional(),
})

export const listNotificationsQuery = z.object({
  limit: z.coerce.number({ error: 'Invalid limit' }).int('Invalid limit').min(1, 'Invalid limit').max(100, 'Invalid limit').default(30),
})

/** PATCH /api/account/email-preferences: the kinds of e-mail to turn on or off (the others stay as they are). */
export const emailPreferencesPatch = z
  .object({
    messages: z.boolean({ error: 'messages must be true or false' }).optional(),
    placement: z.boolean({ error: 'placement must be true or false' }).optional(),
    hold_reminder: z.boolean({ error: 'hold_reminder must be true or false' }).optional(),
  })
  .strict()

export const unsubscribeParam = z.object({ token: z.string().regex(/^[a-z2-7]{32}$/, 'Invalid link') })
