import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { myReviewsQuery } from './dashboard'
import type { z } from 'zod'
import type { reviewModeratedSchema } from '@server/features/reviews/reviews.responses'

/** A rejected review is never shown publicly. */
export const rejectReview = (id: string) => api<z.infer<typeof reviewModeratedSchema>>(`/reviews/${encodeURIComponent(id)}/reject`, { method: 'POST' })

/** The Reviews tab is fetched again (not awaited). */
export function useRejectReview() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: rejectReview, onSuccess: () => void queryClient.invalidateQueries({ queryKey: myReviewsQuery.queryKey }) })
}
