import { useMutation } from '@tanstack/react-query'
import type { SubmitReviewInput } from '@server/features/reviews/reviews.schemas'
import { api } from '../../../lib/api'
import type { z } from 'zod'
import type { reviewSubmittedSchema } from '@server/features/reviews/reviews.responses'

export const submitReview = (body: SubmitReviewInput) => api<z.infer<typeof reviewSubmittedSchema>>('/reviews', { method: 'POST', body })

/** Nothing cached shows the new review: it waits for the operator's approval. */
export const useSubmitReview = () => useMutation({ mutationFn: submitReview })
