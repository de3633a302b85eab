import type { FetchInfiniteQueryOptions, FetchQueryOptions, QueryKey } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router'
import { queryClient } from './query-client'
import { meQuery } from '../features/auth/api/me'
import { sessionsQuery } from '../features/accounts/api/security'
import { adminQueries } from '../features/admin/api/admin-api'
import { manageQuery, offlineCheckoutQuery } from '../features/billing/api/billing'
import { browseReferralsQuery } from '../features/marketplace/api/marketplace'
import { messageReferralsQuery } from '../features/messaging/api/messaging'
import { statsQuery } from '../features/operator-dashboard/api/dashboard'
import { operatorFiltersOf, operatorProfileQuery, operatorSearchQuery } from '../features/operators/api/operators'
import { bedConfirmationQuery } from '../features/properties/api/bed-confirmations'
import { browseFiltersOf, propertyQuery, propertySearchQuery } from '../features/properties/api/properties'
import { myReferralsQuery, referrerCountsQuery } from '../features/referrals/api/referrals'
import { reviewRequestQuery } from '../features/reviews/api/reviews-api'
import { rescheduleProposalQuery } from '../features/tours/api/tours'

/**
 * Route loaders: each starts its page's main query (the feature's own query
 * options, so the cache entry is the one the page reads) while the page's
 * chunk downloads. They do not wait for the answer and never throw: the page
 * keeps its own loading, not-found and error states exactly as before lazy
 * routes, and a failed prefetch is simply fetched again by the page.
 */
function prefetch<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>) {
  void queryClient.prefetchQuery(options)
  return null
}

/**
 * The same for a paged list ('Load more'): its first page, only when nothing is
 * cached. These loaders run again on every change of the URL's search (the
 * list/map toggle too); with data in the cache the page refetches as it did before.
 */
function prefetchPages<T, K extends QueryKey, P>(options: FetchInfiniteQueryOptions<T, Error, T, K, P>) {
  if (queryClient.getQueryData(options.queryKey) === undefined) void queryClient.prefetchInfiniteQuery(options)
  return null
}

/**
 * Signed-in pages prefetch only for a known signed-in user: before /api/me has
 * answered (first load) or for a visitor, RequireAuth decides and the page fetches.
 * An admin who still has to enrol in two-factor sign-in is refused admin calls.
 */
function signedIn({ admin = false } = {}) {
  const me = queryClient.getQueryData(meQuery.queryKey)
  if (!me?.user) return false
  return admin ? me.is_admin && !me.two_factor?.required : true
}

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? ''
const searchOf = (request: Request) => new URL(request.url).searchParams

export const loaders = {
  // The public browse pages read their filters from the URL with the same function as the loader: one cache entry.
  browse: ({ request }: LoaderFunctionArgs) => prefetchPages(propertySearchQuery(browseFiltersOf(searchOf(request)))),
  browseOperators: ({ request }: LoaderFunctionArgs) => prefetchPages(operatorSearchQuery(operatorFiltersOf(searchOf(request)))),
  /** Premium only: the page sends anyone else to /auth or /pricing without asking the server. */
  browseReferrals: () => (signedIn() && queryClient.getQueryData(meQuery.queryKey)?.subscription?.subscribed ? prefetchPages(browseReferralsQuery) : null),
  property: ({ params }: LoaderFunctionArgs) => prefetch(propertyQuery(params.id ?? '')),
  operatorProfile: ({ params }: LoaderFunctionArgs) => prefetch(operatorProfileQuery(params.username ?? '')),
  confirmBeds: ({ request }: LoaderFunctionArgs) => (tokenOf(request) ? prefetch(bedConfirmationQuery(tokenOf(request))) : null),
  tourReschedule: ({ request }: LoaderFunctionArgs) =>
    tokenOf(request) ? prefetch(rescheduleProposalQuery(tokenOf(request))) : null,
  review: ({ params, request }: LoaderFunctionArgs) =>
    tokenOf(request) ? prefetch(reviewRequestQuery(tokenOf(request), params.referralId ?? '')) : null,
  admin: () => (signedIn({ admin: true }) ? prefetch(adminQueries.stats()) : null),
  operatorDashboard: () => (signedIn() ? prefetch(statsQuery) : null),
  referrerDashboard: () => {
    if (!signedIn()) return null
    prefetch(referrerCountsQuery)
    return prefetch(myReferralsQuery())
  },
  myReferrals: () => (signedIn() ? prefetch(messageReferralsQuery) : null),
  account: () => (signedIn() ? prefetch(sessionsQuery) : null),
  manageSubscription: () => (signedIn() ? prefetch(manageQuery) : null),
  offlineCheckout: ({ params }: LoaderFunctionArgs) =>
    signedIn() ? prefetch(offlineCheckoutQuery(params.kind ?? '', params.id ?? '')) : null,
}
