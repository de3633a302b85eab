import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { referralActionPath } from './marketplace'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { interestWithdrawnSchema } from '@server/features/marketplace/marketplace.responses'

export const withdrawInterest = (id: string) =>
  api<z.infer<typeof interestWithdrawnSchema>>(referralActionPath(id, 'interest'), { method: 'DELETE' })

/** The cards and the Interests tab are refetched whatever the answer; awaited, so the button stays busy until they are up to date. */
export function useWithdrawInterest() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: withdrawInterest, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.marketplace.all }) })
}
