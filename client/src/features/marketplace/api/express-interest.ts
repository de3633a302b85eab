import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { referralActionPath } from './marketplace'
import { queryKeys } from '../../../lib/query-keys'

export const expressInterest = (id: string) =>
  api<{ interested: true; created: boolean; interested_operators_count: number }>(referralActionPath(id, 'interest'), { method: 'POST' })

/** Refetched whatever the answer; awaited, so the card's buttons stay busy until it is up to date. */
export function useExpressInterest() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: expressInterest, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.marketplace.all }) })
}
