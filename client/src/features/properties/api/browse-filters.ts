import { CARE_LEVELS, FUNDING_SOURCES } from '@server/features/care/care-extras.constants'
import { DEFAULT_RADIUS, RADIUS_OPTIONS } from '@server/features/properties/browse.constants'

// Its own module (no react-query): the server reads it too, to ask for a /browse
// page's search from the page's HTML (client/src/app/early-requests.ts).
export type BrowseFilters = {
  state?: string
  city?: string
  zip?: string
  radius: number
  confirmed_recently?: '1'
  /** Homes offering this level of care / accepting this funding. */
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
