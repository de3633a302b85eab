import { queryOptions } from '@tanstack/react-query'
import type { listConversations } from '@server/features/messaging/list-conversations'
import type { listMessageReferrals } from '@server/features/messaging/list-message-referrals'
import type { listMessages } from '@server/features/messaging/list-messages'
import { api } from '../../../lib/api'
import type { Jsonify } from '../../../lib/json'
import { queryKeys } from '../../../lib/query-keys'
// Its live-event handlers come with its queries (lib/live-events.ts).
import '../live-events'

export type ConversationList = Jsonify<ReturnType<typeof listConversations>>
export type Conversation = ConversationList['items'][number]
export type Thread = Jsonify<ReturnType<typeof listMessages>>
export type Message = Thread['messages'][number]
export type MessageReferrals = Jsonify<ReturnType<typeof listMessageReferrals>>
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
