import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'

export const markConversationRead = (conversationId: string) =>
  api<{ updated: number }>(`/conversations/${conversationId}/read`, { method: 'POST' })

/** The unread badges (conversation list, referral list) and the thread's read marks change. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (_, conversationId) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.messaging.conversations })
      void queryClient.invalidateQueries({ queryKey: queryKeys.messaging.referrals })
      void queryClient.invalidateQueries({ queryKey: queryKeys.messaging.messages(conversationId) })
    },
  })
}
