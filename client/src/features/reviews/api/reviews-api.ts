import { queryOptions } from '@tanstack/react-query'
import type { getReviewRequest } from '@server/features/reviews/get-review-request'
import type { SubmitReviewInput } from '@server/features/reviews/reviews.schemas'
import { api } from '../../../lib/api'
import type { Jsonify } from '../../../lib/json'

export type ReviewRequest = Jsonify<ReturnType<typeof getReviewRequest>>

/** GET /api/review-requests/:token for the page's referral. */
export const reviewRequestQuery = (token: string, referralId: string) =>
  queryOptions({
    queryKey: ['review-request', token, referralId],
    queryFn: () => api<ReviewRequest>(`/review-requests/${encodeURIComponent(token)}`, { query: { referral_id: referralId } }),
    retry: false,
    staleTime: Infinity,
  })

export const submitReview = (body: SubmitReviewInput) => api<{ id: string }>('/reviews', { method: 'POST', body })
