import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { Thread } from './messaging'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { messageSentSchema } from '@server/features/messaging/messaging.responses'

type SentMessage = z.infer<typeof messageSentSchema>

export const sendMessage = ({ conversationId, message_text }: { conversationId: string; message_text: string }) =>
  api<SentMessage>(`/conversations/${encodeURIComponent(conversationId)}/messages`, { method: 'POST', body: { message_text } })

/**
 * The sent message is appended to every cached page of its thread (unless the
 * live event already brought it) and the conversation list, whose last message
 * and order change, is fetched again (not awaited).
 */
export function useSendMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message, { conversationId }) => {
      queryClient.setQueriesData<Thread>({ queryKey: queryKeys.messaging.messages(conversationId) }, (old) =>
        old && !old.messages.some((m) => m.id === message.id) ? { ...old, messages: [...old.messages, message] } : old,
      )
      void queryClient.invalidateQueries({ queryKey: queryKeys.messaging.conversations })
    },
  })
}
