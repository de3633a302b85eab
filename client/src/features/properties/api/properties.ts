import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { getPublicProperty } from '@server/features/properties/get-property'
import type { SearchResult } from '@server/features/properties/search-properties'
import { api } from '../../../lib/api'

export type PropertyView = SearchResult['items'][number]
export type PropertyDetail = ReturnType<typeof getPublicProperty>
export type SearchLocation = NonNullable<SearchResult['location']>
export type BrowseFilters = {
  state?: string
  city?: string
  zip?: string
  radius: number
  confirmed_recently?: '1'
  /** Issue 15: homes offering this level of care / accepting this funding. */
  care_level?: string
  funding?: string
}

/** Public property search, paged for 'Load more' (GET /api/properties). */
export const propertySearchQuery = (filters: BrowseFilters) =>
  infiniteQueryOptions({
    queryKey: ['properties', 'search', filters],
    queryFn: ({ pageParam }) => api<SearchResult>('/properties', { query: { ...filters, page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  })

export const propertyQuery = (id: string) =>
  queryOptions({
    queryKey: ['properties', 'detail', id],
    queryFn: () => api<PropertyDetail>(`/properties/${encodeURIComponent(id)}`),
    retry: false,
  })
