import { queryOptions } from '@tanstack/react-query'
import type { listConversations } from '@server/features/messaging/list-conversations'
import type { listMessageReferrals } from '@server/features/messaging/list-message-referrals'
import type { listMessages } from '@server/features/messaging/list-messages'
import { api } from '../../../lib/api'
import type { Jsonify } from '../../../lib/json'

export type ConversationList = Jsonify<ReturnType<typeof listConversations>>
export type Conversation = ConversationList['items'][number]
export type Thread = Jsonify<ReturnType<typeof listMessages>>
export type Message = Thread['messages'][number]
export type MessageReferrals = Jsonify<ReturnType<typeof listMessageReferrals>>
export type MessageReferral = MessageReferrals['items'][number]

/** Query keys of the area, shared by the queries and the live invalidation. */
export const messagingKeys = {
  conversations: ['conversations'] as const,
  referrals: ['message-referrals'] as const,
  messages: (conversationId: string) => ['messages', conversationId] as const,
}

export const conversationsQuery = (filters: { as?: 'operator' | 'referrer'; referral_id?: string }) =>
  queryOptions({
    queryKey: [...messagingKeys.conversations, filters],
    queryFn: () => api<ConversationList>('/conversations', { query: filters }),
  })

export const threadQuery = (conversationId: string, limit: number) =>
  queryOptions({
    queryKey: [...messagingKeys.messages(conversationId), limit],
    queryFn: () => api<Thread>(`/conversations/${conversationId}/messages`, { query: { limit } }),
  })

export const messageReferralsQuery = queryOptions({
  queryKey: messagingKeys.referrals,
  queryFn: () => api<MessageReferrals>('/conversations/referrals'),
})
