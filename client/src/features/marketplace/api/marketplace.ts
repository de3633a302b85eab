import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { MarketplaceItem } from '@server/features/marketplace/browse-referrals'
import type { WaitlistAnswer } from '@server/features/marketplace/join-waitlist'
import type { MyInterest } from '@server/features/marketplace/my-interests'
import type { OperatorReferralState } from '@server/features/marketplace/operator-state'
import type { PlacementOutcome } from '@server/features/marketplace/placement'
import type { EscrowView } from '@server/features/marketplace/referral-escrow'
import { api, ApiError } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'

export type { MarketplaceItem, MyInterest, OperatorReferralState, EscrowView, PlacementOutcome, WaitlistAnswer }
export type ReferralEscrow = { role: 'referrer' | 'operator'; escrow: EscrowView | null }
export type ReferralPage = { items: MarketplaceItem[]; page: number; per_page: number; has_more: boolean }
/** The full record of an unlocked referral: every stored field, as JSON. */
export type ReferralDetailView = { referral: Record<string, unknown> & MarketplaceItem; my: OperatorReferralState }

const PER_PAGE = 24

export const browseReferralsQuery = infiniteQueryOptions({
  queryKey: queryKeys.marketplace.referrals,
  queryFn: ({ pageParam }) => api<ReferralPage>('/marketplace/referrals', { query: { page: pageParam, per_page: PER_PAGE } }),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
})

export const referralDetailQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.marketplace.referral(id),
    queryFn: () => api<ReferralDetailView>(`/marketplace/referrals/${encodeURIComponent(id)}`),
  })

export const referralEscrowQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.marketplace.escrow(id),
    queryFn: () => api<ReferralEscrow>(`/referrals/${encodeURIComponent(id)}/escrow`),
  })

/** The operator dashboard's Interests tab. */
export const myInterestsQuery = queryOptions({
  queryKey: queryKeys.marketplace.interests,
  queryFn: () => api<{ items: MyInterest[] }>('/my/interests'),
})

/** /api/referrals/:id/<action>, the marketplace's writes on one referral. */
export const referralActionPath = (id: string, action: 'interest' | 'unlock' | 'waitlist' | 'placement') =>
  `/referrals/${encodeURIComponent(id)}/${action}`

/** The full escrow slot gets its own message (the server sends it only with code escrow_slot_full). */
export const isSlotFull = (error: unknown) => error instanceof ApiError && error.code === 'escrow_slot_full'

/** The browsing refusals the page turns into a redirect (signed out → /auth, no subscription → /pricing). */
export const browsingRefusal = (error: unknown): 'signed_out' | 'no_subscription' | null => {
  if (!(error instanceof ApiError)) return null
  if (error.status === 401) return 'signed_out'
  if (error.status === 403 && error.code === 'premium_required') return 'no_subscription'
  return null
}
