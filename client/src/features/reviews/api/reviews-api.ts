import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { reviewRequestSchema } from '@server/features/reviews/reviews.responses'

export type ReviewRequest = z.infer<typeof reviewRequestSchema>

/** GET /api/review-requests/:token for the page's referral. */
export const reviewRequestQuery = (token: string, referralId: string) =>
  queryOptions({
    queryKey: queryKeys.reviews.request(token, referralId),
    queryFn: () => api<ReviewRequest>(`/review-requests/${encodeURIComponent(token)}`, { query: { referral_id: referralId } }),
    retry: false,
    staleTime: Infinity,
  })
