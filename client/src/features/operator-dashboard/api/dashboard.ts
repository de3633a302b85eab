import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { myProfileSchema, myStatsSchema, profileCompletionSchema } from '@server/features/operators/operators.responses'
import type { analyticsSchema } from '@server/features/analytics/analytics.responses'
import type { myToursSchema } from '@server/features/tours/tours.responses'
import type { myReviewsSchema } from '@server/features/reviews/reviews.responses'

/** Dates arrive as ISO strings over JSON. */

export type MyStats = z.infer<typeof myStatsSchema>
export type MyProfile = z.infer<typeof myProfileSchema>
export type ProfileCompletion = z.infer<typeof profileCompletionSchema>
export type Analytics = z.infer<typeof analyticsSchema>
export type MyTours = z.infer<typeof myToursSchema>
export type MyTour = MyTours['upcoming'][number]
export type MyReview = z.infer<typeof myReviewsSchema>['items'][number]

export const statsQuery = queryOptions({
  queryKey: queryKeys.dashboard.stats,
  queryFn: () => api<MyStats>('/my/stats'),
})
export const myProfileQuery = queryOptions({
  queryKey: queryKeys.dashboard.profile,
  queryFn: () => api<MyProfile>('/my/profile'),
})
export const completionQuery = queryOptions({
  queryKey: queryKeys.dashboard.completion,
  queryFn: () => api<ProfileCompletion>('/my/profile/completion'),
})
export const analyticsQuery = queryOptions({
  queryKey: queryKeys.dashboard.analytics,
  queryFn: () => api<Analytics>('/my/analytics'),
})
export const myToursQuery = queryOptions({
  queryKey: queryKeys.dashboard.tours,
  queryFn: () => api<MyTours>('/my/tours'),
})
export const myReviewsQuery = queryOptions({
  queryKey: queryKeys.dashboard.reviews,
  queryFn: () => api<z.infer<typeof myReviewsSchema>>('/my/reviews'),
})

