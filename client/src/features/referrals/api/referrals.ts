import { queryOptions } from '@tanstack/react-query'
import type { ReferralSummary } from '@server/features/referrals/referral-views'
import type { ReferralProgress } from '@server/features/referrals/referral-progress'
import type { getReferral } from '@server/features/referrals/get-referral'
import type { referrerSummary } from '@server/features/referrals/referrer-summary'
import { api } from '../../../lib/api'
import type { Jsonify } from '../../../lib/json'
import { queryKeys } from '../../../lib/query-keys'

/** Dates arrive as ISO strings over JSON. */

/** The dashboard list carries each referral's progress (issue 17); a single summary does not. */
export type MyReferral = Jsonify<ReferralSummary> & { progress?: ReferralProgress }
export type ReferralDetail = Omit<Awaited<ReturnType<typeof getReferral>>, 'referral'> & { referral: Jsonify<Awaited<ReturnType<typeof getReferral>>['referral']> }
export type ReferrerCounts = Awaited<ReturnType<typeof referrerSummary>>

export const myReferralsQuery = (opts: { active?: boolean } = {}) =>
  queryOptions({
    queryKey: queryKeys.referrals.mine(!!opts.active),
    queryFn: () => api<{ items: MyReferral[] }>('/referrals/mine', { query: { active: opts.active ? 1 : undefined } }),
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
