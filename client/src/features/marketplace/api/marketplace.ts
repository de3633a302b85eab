import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { api, ApiError } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { escrowSchema, marketplacePageSchema, marketplaceReferralSchema, myInterestsSchema, operatorReferralStateSchema, placementOutcomeSchema, referralEscrowSchema, waitlistJoinedSchema } from '@server/features/marketplace/marketplace.responses'

export type ReferralPage = z.infer<typeof marketplacePageSchema>
export type MarketplaceItem = ReferralPage['items'][number]
export type OperatorReferralState = z.infer<typeof operatorReferralStateSchema>
export type MyInterest = z.infer<typeof myInterestsSchema>['items'][number]
export type WaitlistAnswer = z.infer<typeof waitlistJoinedSchema>
export type EscrowView = z.infer<typeof escrowSchema>
export type PlacementOutcome = z.infer<typeof placementOutcomeSchema>['outcome']
export type ReferralEscrow = z.infer<typeof referralEscrowSchema>
/** The full record once unlocked, else the masked card. */
export type ReferralDetailView = z.infer<typeof marketplaceReferralSchema>

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
  queryFn: () => api<z.infer<typeof myInterestsSchema>>('/my/interests'),
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
