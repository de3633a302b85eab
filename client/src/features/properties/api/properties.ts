import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { api, ApiError } from '../../../lib/api'
import type { BrowseFilters } from './browse-filters'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { nearbyHomesSchema, propertySearchSchema, publicPropertySchema } from '@server/features/properties/properties.responses'

export { browseFiltersOf, type BrowseFilters } from './browse-filters'

type SearchResult = z.infer<typeof propertySearchSchema>
export type PropertyView = SearchResult['items'][number]
export type PropertyDetail = z.infer<typeof publicPropertySchema>
export type SearchLocation = NonNullable<SearchResult['location']>
export type NearbyHomes = z.infer<typeof nearbyHomesSchema>

/** Public property search, paged for 'Load more' (GET /api/properties). */
export const propertySearchQuery = (filters: BrowseFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.properties.search(filters),
    queryFn: ({ pageParam }) => api<SearchResult>('/properties', { query: { ...filters, page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    // A refusal (a ZIP in the wrong format is a 422) will not change on a second try.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  })

export const propertyQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.properties.detail(id),
    queryFn: () => api<PropertyDetail>(`/properties/${encodeURIComponent(id)}`),
    retry: false,
    // The route's loader already asked: a 404 it got is the page's answer, not a reason to ask again on mount.
    retryOnMount: false,
  })

/** Other public homes near this one, nearest first (GET /api/properties/:id/nearby): the home's page lists them. */
export const nearbyHomesQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.properties.nearby(id),
    queryFn: () => api<NearbyHomes>(`/properties/${encodeURIComponent(id)}/nearby`),
    retry: false,
    retryOnMount: false,
  })
