import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { waitlistRenewedSchema } from '@server/features/marketplace/marketplace.responses'

/** Restarts the 90 days of one's own waitlist entry. */
export const renewWaitlist = (entryId: string) =>
  api<z.infer<typeof waitlistRenewedSchema>>(`/waitlist/${encodeURIComponent(entryId)}/renew`, { method: 'POST' })

/** Refetched whatever the answer; awaited, so the card's buttons stay busy until it is up to date. */
export function useRenewWaitlist() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: renewWaitlist, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.marketplace.all }) })
}
