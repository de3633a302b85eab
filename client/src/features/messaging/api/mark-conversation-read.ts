import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { messagingKeys } from './messaging'

export const markConversationRead = (conversationId: string) =>
  api<{ updated: number }>(`/conversations/${conversationId}/read`, { method: 'POST' })

/** The unread badges (conversation list, referral list) and the thread's read marks change. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (_, conversationId) => {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations })
      void queryClient.invalidateQueries({ queryKey: messagingKeys.referrals })
      void queryClient.invalidateQueries({ queryKey: messagingKeys.messages(conversationId) })
    },
  })
}
