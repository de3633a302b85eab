import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { referralActionPath } from './marketplace'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { placementOutcomeSchema } from '@server/features/marketplace/marketplace.responses'

type Variables = { referralId: string; placed: boolean; property_id?: string | null; decline_payment?: boolean }

/** One side's answer to "was the client placed?"; the outcome says what the two answers decided. */
export const confirmPlacement = ({ referralId, ...body }: Variables) =>
  api<z.infer<typeof placementOutcomeSchema>>(referralActionPath(referralId, 'placement'), { method: 'POST', body })

/**
 * The escrow and the cards change whatever the answer, and a release places
 * the referrer's referral (their list and counts); awaited, so the buttons
 * stay busy until they are up to date.
 */
export function useConfirmPlacement() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmPlacement,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.marketplace.all }), queryClient.invalidateQueries({ queryKey: queryKeys.referrals.all })]),
  })
}
