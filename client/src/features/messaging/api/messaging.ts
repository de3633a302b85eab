import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
// Its live-event handlers come with its queries (lib/live-events.ts).
import '../live-events'
import type { z } from 'zod'
import type { conversationsSchema, messageReferralsSchema, messagesPageSchema } from '@server/features/messaging/messaging.responses'

export type ConversationList = z.infer<typeof conversationsSchema>
export type Conversation = ConversationList['items'][number]
export type Thread = z.infer<typeof messagesPageSchema>
export type Message = Thread['messages'][number]
export type MessageReferrals = z.infer<typeof messageReferralsSchema>
export type MessageReferral = MessageReferrals['items'][number]

export const conversationsQuery = (filters: { as?: 'operator' | 'referrer'; referral_id?: string }) =>
  queryOptions({
    queryKey: [...queryKeys.messaging.conversations, filters],
    queryFn: () => api<ConversationList>('/conversations', { query: filters }),
  })

export const threadQuery = (conversationId: string, limit: number) =>
  queryOptions({
    queryKey: [...queryKeys.messaging.messages(conversationId), limit],
    queryFn: () => api<Thread>(`/conversations/${conversationId}/messages`, { query: { limit } }),
  })

export const messageReferralsQuery = queryOptions({
  queryKey: queryKeys.messaging.referrals,
  queryFn: () => api<MessageReferrals>('/conversations/referrals'),
})
