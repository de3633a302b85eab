import { queryOptions } from '@tanstack/react-query'
import type { getReviewRequest } from '@server/features/reviews/get-review-request'
import { api } from '../../../lib/api'
import type { Jsonify } from '../../../lib/json'
import { queryKeys } from '../../../lib/query-keys'

export type ReviewRequest = Jsonify<ReturnType<typeof getReviewRequest>>

/** GET /api/review-requests/:token for the page's referral. */
export const reviewRequestQuery = (token: string, referralId: string) =>
  queryOptions({
    queryKey: queryKeys.reviews.request(token, referralId),
    queryFn: () => api<ReviewRequest>(`/review-requests/${encodeURIComponent(token)}`, { query: { referral_id: referralId } }),
    retry: false,
    staleTime: Infinity,
  })
