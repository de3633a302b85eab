import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { SPECIALIZATIONS } from '@server/features/care/care-extras.constants'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { operatorDirectorySchema, operatorProfileSchema } from '@server/features/operators/operators.responses'

type Page = z.infer<typeof operatorDirectorySchema>
export type OperatorCard = Page['items'][number]
export type OperatorProfile = z.infer<typeof operatorProfileSchema>
export type OperatorFilters = { state?: string; city?: string; license_type: string; specialization?: string }


/** The search a /browse-operators URL asks for: read by the page and by its route loader, so both use one cache entry. */
export const operatorFiltersOf = (params: URLSearchParams): OperatorFilters => ({
  state: params.get('state') ?? undefined,
  city: params.get('city') ?? undefined,
  license_type: params.get('license_type') ?? 'all',
  specialization: SPECIALIZATIONS.find((s) => s === params.get('specialization')),
})

/** Browse Premium Operators (GET /api/operators), paged for 'Load more'. */
export const operatorSearchQuery = (filters: OperatorFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.operators.search(filters),
    queryFn: ({ pageParam }) => api<Page>('/operators', { query: { ...filters, page: pageParam, per_page: 24 } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  })

export const operatorProfileQuery = (username: string) =>
  queryOptions({
    queryKey: queryKeys.operators.profile(username),
    queryFn: () => api<OperatorProfile>(`/operators/${encodeURIComponent(username)}`),
    retry: false,
    // The route's loader already asked: a 404 it got is the page's answer, not a reason to ask again on mount.
    retryOnMount: false,
  })
