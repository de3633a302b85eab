import { z } from 'zod'
import { REFERRAL_STATUSES } from '../../db/enums'

/** Response bodies of the messaging routes (OpenAPI; the services' return values). */
export const messageSentSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  referral_id: z.string(),
  sender_id: z.string().nullable(),
  message_text: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
  sender_name: z.string(),
  mine: z.literal(true),
})
/** The referrals the caller has conversations about (client name: the caller may see it). */
export const messageReferralsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      client_name: z.string(),
      status: z.enum(REFERRAL_STATUSES),
      created_at: z.string(),
      conversation_count: z.number().int(),
      unread_count: z.number().int(),
      last_message_at: z.string().nullable(),
    }),
  ),
})
