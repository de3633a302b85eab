import { partialMatchKey, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { outlivesSession, queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { offlineCheckoutDoneSchema } from '@server/features/billing/billing.responses'

type Variables = { kind: string; id: string; action: 'complete' | 'cancel' }

export const finishOfflineCheckout = ({ kind, id, action }: Variables) =>
  api<z.infer<typeof offlineCheckoutDoneSchema>>(`/pay/offline/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
  })

/** A finished checkout's own page: asking for it again answers 404 (unlock) or 409 (subscription). */
const isOfflineCheckout = (key: readonly unknown[]) => partialMatchKey(key, queryKeys.billing.offlineAll)

/**
 * What was paid for changes what other pages show (plan, unlocked referrals):
 * everything but config, /api/me and the offline checkouts is fetched again.
 * The finished checkout is dropped from the cache once the page has left it.
 */
export function useFinishOfflineCheckout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: finishOfflineCheckout,
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (q) => !outlivesSession(q.queryKey) && !isOfflineCheckout(q.queryKey) }),
  })
}
