import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { CARE_LEVELS, FUNDING_SOURCES } from '@server/features/care/care-extras.schemas'
import { DEFAULT_RADIUS, RADIUS_OPTIONS } from '@server/features/properties/browse.schemas'
import type { getPublicProperty } from '@server/features/properties/get-property'
import type { SearchResult } from '@server/features/properties/search-properties'
import { api, ApiError } from '../../../lib/api'

export type PropertyView = SearchResult['items'][number]
export type PropertyDetail = Awaited<ReturnType<typeof getPublicProperty>>
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

/** A list filter from the URL: a known value, or none (the server refuses others). */
const choiceOf = (values: readonly string[], value: string | null) => (value && values.includes(value) ? value : undefined)

const radiusOf = (value: string | null) => {
  const n = Number(value)
  return (RADIUS_OPTIONS as readonly number[]).includes(n) ? n : DEFAULT_RADIUS
}

/** The search a /browse URL asks for: read by the page and by its route loader, so both use one cache entry. */
export const browseFiltersOf = (params: URLSearchParams): BrowseFilters => ({
  state: params.get('state') ?? undefined,
  city: params.get('city') ?? undefined,
  zip: params.get('zip') ?? undefined,
  radius: radiusOf(params.get('radius')),
  confirmed_recently: params.get('confirmed_recently') === '1' ? '1' : undefined,
  care_level: choiceOf(CARE_LEVELS, params.get('care_level')),
  funding: choiceOf(FUNDING_SOURCES, params.get('funding')),
})

/** Public property search, paged for 'Load more' (GET /api/properties). */
export const propertySearchQuery = (filters: BrowseFilters) =>
  infiniteQueryOptions({
    queryKey: ['properties', 'search', filters],
    queryFn: ({ pageParam }) => api<SearchResult>('/properties', { query: { ...filters, page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    // A refusal (a ZIP in the wrong format is a 422) will not change on a second try.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  })

export const propertyQuery = (id: string) =>
  queryOptions({
    queryKey: ['properties', 'detail', id],
    queryFn: () => api<PropertyDetail>(`/properties/${encodeURIComponent(id)}`),
    retry: false,
    // The route's loader already asked: a 404 it got is the page's answer, not a reason to ask again on mount.
    retryOnMount: false,
  })
