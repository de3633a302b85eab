import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { myReviewsQuery } from './dashboard'
import type { z } from 'zod'
import type { reviewModeratedSchema } from '@server/features/reviews/reviews.responses'

/** An approved review appears on the operator's public profile. */
export const approveReview = (id: string) => api<z.infer<typeof reviewModeratedSchema>>(`/reviews/${encodeURIComponent(id)}/approve`, { method: 'POST' })

/** The Reviews tab is fetched again (not awaited). */
export function useApproveReview() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: approveReview, onSuccess: () => void queryClient.invalidateQueries({ queryKey: myReviewsQuery.queryKey }) })
}
