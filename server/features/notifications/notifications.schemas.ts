import { z } from 'zod'

export const markNotificationsReadSchema = z.object({
  /** The notifications to mark read; all of the user's when absent. */
  ids: z.array(z.string().uuid('validation.notifications.invalidId'), { error: 'validation.notifications.idsList' }).max(200, 'validation.notifications.tooMany').optional(),
})

export const listNotificationsQuery = z.object({
  limit: z.coerce.number({ error: 'validation.notifications.invalidLimit' }).int('validation.notifications.invalidLimit').min(1, 'validation.notifications.invalidLimit').max(100, 'validation.notifications.invalidLimit').default(30),
})

/** PATCH /api/account/email-preferences: the kinds of e-mail to turn on or off (the others stay as they are). */
export const emailPreferencesPatch = z
  .object({
    messages: z.boolean({ error: 'messages must be true or false' }).optional(),
    placement: z.boolean({ error: 'placement must be true or false' }).optional(),
    hold_reminder: z.boolean({ error: 'hold_reminder must be true or false' }).optional(),
  })
  .strict()

export const unsubscribeParam = z.object({ token: z.string().regex(/^[a-z2-7]{32}$/, 'validation.notifications.invalidLink') })
