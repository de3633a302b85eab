import { z } from 'zod'
import { REFERRAL_STATUSES } from '../../db/enums'
import { isoTime, itemsOf } from '../../lib/openapi'
import { referralListItemFields, referralStateSchema } from '../referrals/referrals.responses'

/** Response bodies of the messaging routes (OpenAPI; the services' return values). */

/** One message as a party (or an admin in a dispute) reads it. */
export const messageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  referral_id: z.string(),
  sender_id: z.string().nullable().describe('null once the sender deleted their account'),
  message_text: z.string(),
  is_read: z.boolean(),
  created_at: isoTime,
  sender_name: z.string(),
  mine: z.boolean(),
})
export const messageSentSchema = messageSchema.extend({ mine: z.literal(true) })

/** toConversationView() (conversation-view.ts): the client named as this viewer may see them. */
export const conversationSchema = z.object({
  id: z.string(),
  referral_id: z.string(),
  operator_id: z.string(),
  referrer_id: z.string().nullable(),
  opened_by: z.enum(['interest', 'invitation', 'unlock']),
  my_role: z.enum(['operator', 'referrer', 'admin']),
  counterpart_name: z.string(),
  operator_name: z.string(),
  referrer_name: z.string(),
  referral_label: z.string().describe("The client's name; initials to an operator without unmasked access"),
  referral_status: z.enum(REFERRAL_STATUSES),
  last_message_at: isoTime.nullable(),
  last_message_preview: z.string().nullable().describe('The first 140 characters'),
  last_message_sender_id: z.string().nullable(),
  unread_count: z.number().int(),
  created_at: isoTime,
})
/** GET /api/conversations: newest message first. */
export const conversationsSchema = z.object({ items: z.array(conversationSchema), unread_total: z.number().int() })
/** GET /api/conversations/:id/messages: the latest page, oldest first. */
export const messagesPageSchema = z.object({
  conversation: conversationSchema,
  messages: z.array(messageSchema),
  has_more: z.boolean().describe('Older messages exist (page back with before=<first id>)'),
})
/** The referrals the caller has conversations about (client name: the caller may see it). */
export const messageReferralsSchema = itemsOf(
  z.object({
    ...referralListItemFields,
    state: referralStateSchema,
    conversation_count: z.number().int(),
    unread_count: z.number().int(),
    last_message_at: z.string().nullable(),
  }),
)
