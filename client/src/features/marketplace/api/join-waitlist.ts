import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { WaitlistAnswer } from './marketplace'
import { queryKeys } from '../../../lib/query-keys'

/** `needs`: what the client would need from this home (optional). */
export const joinWaitlist = ({ id, needs }: { id: string; needs?: string | null }) =>
  api<WaitlistAnswer>(`/referrals/${encodeURIComponent(id)}/waitlist`, { method: 'POST', body: needs ? { needs } : {} })

/** Refetched whatever the answer: a refusal (slot freed, already listed) changes the card too. Not awaited, as before. */
export function useJoinWaitlist() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: joinWaitlist, onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.marketplace.all }) })
}
