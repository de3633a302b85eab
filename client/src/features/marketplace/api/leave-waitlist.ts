import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { referralActionPath } from './marketplace'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { messageSchema } from '@server/lib/openapi'

export const leaveWaitlist = (referralId: string) => api<z.infer<typeof messageSchema>>(referralActionPath(referralId, 'waitlist'), { method: 'DELETE' })

/** Refetched whatever the answer (an entry already gone answers 404); awaited, so the buttons stay busy until the card is up to date. */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: leaveWaitlist, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.marketplace.all }) })
}
