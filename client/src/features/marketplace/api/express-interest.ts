import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { referralActionPath } from './marketplace'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { interestSchema } from '@server/features/marketplace/marketplace.responses'

export const expressInterest = (id: string) =>
  api<z.infer<typeof interestSchema>>(referralActionPath(id, 'interest'), { method: 'POST' })

/** Refetched whatever the answer; awaited, so the card's buttons stay busy until it is up to date. */
export function useExpressInterest() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: expressInterest, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.marketplace.all }) })
}
