import { z } from 'zod'

/** Shared by the server validator and the message composer (1-5000 characters). */
export const MESSAGE_MAX = 5000
export const MESSAGE_EMPTY = 'Message cannot be empty'
export const MESSAGE_TOO_LONG = `Message must be ${MESSAGE_MAX} characters or less`

export const sendMessageSchema = z.object({
  message_text: z
    .string({ error: MESSAGE_EMPTY })
    .trim()
    .min(1, MESSAGE_EMPTY)
    .max(MESSAGE_MAX, MESSAGE_TOO_LONG),
})

const uuid = z.string().uuid('Invalid id')

export const listConversationsQuery = z.object({
  /** Only the conversations where I am this side (a user may be both). */
  as: z.enum(['operator', 'referrer'], { error: 'as must be operator or referrer' }).optional(),
  referral_id: uuid.optional(),
})

export const listMessagesQuery = z.object({
  limit: z.coerce.number({ error: 'Invalid limit' }).int('Invalid limit').min(1, 'Invalid limit').max(1000, 'Invalid limit').default(200),
  /** Messages strictly older than this message id (paging back). */
  before: uuid.optional(),
})

export type SendMessageInput = z.input<typeof sendMessageSchema>
