import type { FetchInfiniteQueryOptions, FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router'
import { loadQueryClient } from './data-layer'
import { meQuery } from '../features/auth/api/me'

/**
 * Route loaders: each starts its page's main query (the feature's own query
 * options, so the cache entry is the one the page reads) while the page's
 * chunk downloads. They do not wait for the answer and never throw: the page
 * keeps its own loading, not-found and error states exactly as before lazy
 * routes, and a failed prefetch is simply fetched again by the page.
 *
 * Each loader imports its query options when it runs: the page's chunk imports
 * the same module, so this costs no extra download, and the entry chunk does
 * not carry every feature's API code and the schemas (zod) it brings. The
 * server names those files in the page's HTML (modulepreload), so they are
 * already on their way when the loader asks for them; so is the query client
 * the loaders wait for (app/data-layer.ts).
 */
async function prefetch<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>, context?: unknown) {
  const server = serverClient(context)
  if (server) await server.prefetchQuery(options)
  else void (await loadQueryClient()).prefetchQuery(options)
  return null
}

/**
 * On the server (server/ssr/render.tsx) a loader receives the request's own
 * query client as its context and waits for the answer: the page is rendered
 * with its data, which the HTML hands to the browser's cache. In the browser
 * the context is undefined.
 */
export type ServerLoaderContext = { queryClient: QueryClient }
const serverClient = (context: unknown) => (context as ServerLoaderContext | undefined)?.queryClient

/**
 * The same for a paged list ('Load more'): its first page, only when nothing is
 * cached. These loaders run again on every change of the URL's search (the
 * list/map toggle too); with data in the cache the page refetches as it did before.
 */
async function prefetchPages<T, K extends QueryKey, P>(options: FetchInfiniteQueryOptions<T, Error, T, K, P>, context?: unknown) {
  const server = serverClient(context)
  if (server) {
    await server.prefetchInfiniteQuery(options)
    return null
  }
  const queryClient = await loadQueryClient()
  if (queryClient.getQueryData(options.queryKey) === undefined) void queryClient.prefetchInfiniteQuery(options)
  return null
}

/**
 * Signed-in pages prefetch only for a known signed-in user: before /api/me has
 * answered (first load) or for a visitor, RequireAuth decides and the page fetches.
 * An admin who still has to enrol in two-factor sign-in is refused admin calls.
 */
async function signedIn({ admin = false } = {}) {
  const me = (await loadQueryClient()).getQueryData(meQuery.queryKey)
  if (!me?.user) return false
  return admin ? me.is_admin && !me.two_factor?.required : true
}

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? ''
const searchOf = (request: Request) => new URL(request.url).searchParams

export const loaders = {
  // The public browse pages read their filters from the URL with the same function as the loader: one cache entry.
  browse: async ({ request, context }: LoaderFunctionArgs) => {
    const { browseFiltersOf, propertySearchQuery } = await import('../features/properties/api/properties')
    return prefetchPages(propertySearchQuery(browseFiltersOf(searchOf(request))), context)
  },
  browseOperators: async ({ request, context }: LoaderFunctionArgs) => {
    const { operatorFiltersOf, operatorSearchQuery } = await import('../features/operators/api/operators')
    return prefetchPages(operatorSearchQuery(operatorFiltersOf(searchOf(request))), context)
  },
  /** Premium only: the page sends anyone else to /auth or /pricing without asking the server. */
  browseReferrals: async () => {
    if (!(await signedIn()) || !(await loadQueryClient()).getQueryData(meQuery.queryKey)?.subscription?.subscribed) return null
    const { browseReferralsQuery } = await import('../features/marketplace/api/marketplace')
    return prefetchPages(browseReferralsQuery)
  },
  property: async ({ params, context }: LoaderFunctionArgs) => {
    const { nearbyHomesQuery, propertyQuery } = await import('../features/properties/api/properties')
    // The nearby homes are part of the page (rendered on the server too, so the page cache keys on them as well).
    await Promise.all([prefetch(propertyQuery(params.id ?? ''), context), prefetch(nearbyHomesQuery(params.id ?? ''), context)])
    return null
  },
  operatorProfile: async ({ params, context }: LoaderFunctionArgs) => {
    const { operatorProfileQuery } = await import('../features/operators/api/operators')
    return prefetch(operatorProfileQuery(params.username ?? ''), context)
  },
  confirmBeds: async ({ request }: LoaderFunctionArgs) => {
    if (!tokenOf(request)) return null
    const { bedConfirmationQuery } = await import('../features/properties/api/bed-confirmations')
    return prefetch(bedConfirmationQuery(tokenOf(request)))
  },
  tourReschedule: async ({ request }: LoaderFunctionArgs) => {
    if (!tokenOf(request)) return null
    const { rescheduleProposalQuery } = await import('../features/tours/api/tours')
    return prefetch(rescheduleProposalQuery(tokenOf(request)))
  },
  review: async ({ params, request }: LoaderFunctionArgs) => {
    if (!tokenOf(request)) return null
    const { reviewRequestQuery } = await import('../features/reviews/api/reviews-api')
    return prefetch(reviewRequestQuery(tokenOf(request), params.referralId ?? ''))
  },
  admin: async () => {
    if (!(await signedIn({ admin: true }))) return null
    const { adminQueries } = await import('../features/admin/api/admin-api')
    return prefetch(adminQueries.stats())
  },
  operatorDashboard: async () => {
    if (!(await signedIn())) return null
    const { statsQuery } = await import('../features/operator-dashboard/api/dashboard')
    return prefetch(statsQuery)
  },
  referrerDashboard: async () => {
    if (!(await signedIn())) return null
    const { myReferralsQuery, referrerCountsQuery } = await import('../features/referrals/api/referrals')
    void prefetch(referrerCountsQuery)
    return prefetch(myReferralsQuery())
  },
  myReferrals: async () => {
    if (!(await signedIn())) return null
    const { messageReferralsQuery } = await import('../features/messaging/api/messaging')
    return prefetch(messageReferralsQuery)
  },
  account: async () => {
    if (!(await signedIn())) return null
    const { sessionsQuery } = await import('../features/accounts/api/security')
    return prefetch(sessionsQuery)
  },
  manageSubscription: async () => {
    if (!(await signedIn())) return null
    const { manageQuery } = await import('../features/billing/api/billing')
    return prefetch(manageQuery)
  },
  offlineCheckout: async ({ params }: LoaderFunctionArgs) => {
    if (!(await signedIn())) return null
    const { offlineCheckoutQuery } = await import('../features/billing/api/billing')
    return prefetch(offlineCheckoutQuery(params.kind ?? '', params.id ?? ''))
  },
}
