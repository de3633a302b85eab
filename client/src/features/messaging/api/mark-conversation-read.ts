import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { updatedCountSchema } from '@server/lib/openapi'

export const markConversationRead = (conversationId: string) =>
  api<z.infer<typeof updatedCountSchema>>(`/conversations/${conversationId}/read`, { method: 'POST' })

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
