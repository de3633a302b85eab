import { queryOptions } from '@tanstack/react-query'
import type { getMyStats } from '@server/features/operators/get-my-stats'
import type { MyProfile } from '@server/features/operators/get-my-profile'
import type { ProfileCompletion } from '@server/features/operators/profile-completion'
import type { getAnalytics } from '@server/features/analytics/get-analytics'
import type { listMyTours } from '@server/features/tours/list-my-tours'
import type { listMyReviews } from '@server/features/reviews/list-my-reviews'
import { api } from '../../../lib/api'
import type { Jsonify } from '../../../lib/json'
import { queryKeys } from '../../../lib/query-keys'

/** Dates arrive as ISO strings over JSON. */

export type MyStats = Awaited<ReturnType<typeof getMyStats>>
export type Analytics = Jsonify<ReturnType<typeof getAnalytics>>
export type MyTours = Jsonify<ReturnType<typeof listMyTours>>
export type MyTour = MyTours['upcoming'][number]
export type MyReview = Jsonify<Awaited<ReturnType<typeof listMyReviews>>[number]>
export type { MyProfile, ProfileCompletion }

export const statsQuery = queryOptions({
  queryKey: queryKeys.dashboard.stats,
  queryFn: () => api<MyStats>('/my/stats'),
})
export const myProfileQuery = queryOptions({
  queryKey: queryKeys.dashboard.profile,
  queryFn: () => api<Jsonify<MyProfile>>('/my/profile'),
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
  queryFn: () => api<{ items: MyReview[] }>('/my/reviews'),
})

