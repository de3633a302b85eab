import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { myReferralsSchema, referralViewSchema, referrerSummarySchema } from '@server/features/referrals/referrals.responses'

/** Dates arrive as ISO strings over JSON. */

/** The dashboard list carries each referral's progress; a single summary does not. */
export type MyReferral = z.infer<typeof myReferralsSchema>['items'][number]
export type ReferralDetail = z.infer<typeof referralViewSchema>
export type ReferrerCounts = z.infer<typeof referrerSummarySchema>

export const myReferralsQuery = (opts: { active?: boolean } = {}) =>
  queryOptions({
    queryKey: queryKeys.referrals.mine(!!opts.active),
    queryFn: () => api<z.infer<typeof myReferralsSchema>>('/referrals/mine', { query: { active: opts.active ? 1 : undefined } }),
  })

export const referrerCountsQuery = queryOptions({
  queryKey: queryKeys.referrals.summary,
  queryFn: () => api<ReferrerCounts>('/referrals/mine/summary'),
})

export const referralQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.referrals.detail(id),
    queryFn: () => api<ReferralDetail>(`/referrals/${encodeURIComponent(id)}`),
  })
