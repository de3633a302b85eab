import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { ReferralStatus } from './admin-api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { referralStatusSetSchema } from '@server/features/admin/admin.responses'

type Variables = { id: string; status: ReferralStatus; matched_property_id?: string | null }

/** Sets a referral's status (placing it may e-mail a review request) and, optionally, the home it was matched to. */
export const updateReferral = ({ id, ...body }: Variables) =>
  api<z.infer<typeof referralStatusSetSchema>>(`/admin/referrals/${encodeURIComponent(id)}`, { method: 'PATCH', body })

/** The status shows in the stats, the referral list and the outbox: the whole dashboard is fetched again (not awaited). */
export function useUpdateReferral() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: updateReferral, onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }) })
}
