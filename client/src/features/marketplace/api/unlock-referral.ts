import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { referralActionPath } from './marketplace'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { unlockCheckoutSchema } from '@server/features/marketplace/marketplace.responses'

/** Starts the unlock checkout: the answer's URL is the payment page (Stripe or the built-in offline one). */
export const unlockReferral = (id: string) =>
  api<z.infer<typeof unlockCheckoutSchema>>(referralActionPath(id, 'unlock'), { method: 'POST' })

/** Success leaves for the payment page; a refusal (slot taken meanwhile) refetches the cards, not awaited. */
export function useUnlockReferral() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: unlockReferral, onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.marketplace.all }) })
}
