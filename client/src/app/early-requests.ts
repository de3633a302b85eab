import { HERO_IMAGES, HERO_SIZES, heroSrcSet } from '../features/home'
import { browseFiltersOf } from '../features/properties/api/browse-filters'
import { apiUrl } from '../lib/api'

/** `perUrl`: the request depends on the page's URL beyond its route (its search, an id), so the page's HTML is made per request. */
export type EarlyRequest = { href: string; as: 'fetch' | 'image'; perUrl?: boolean; srcset?: string; sizes?: string }

/** Every page asks for the visitor (the auth provider) and the public configuration at its first render. */
const EVERY_PAGE: EarlyRequest[] = [
  { href: apiUrl('/me'), as: 'fetch' },
  { href: apiUrl('/config'), as: 'fetch' },
]

/**
 * What a page's first render waits for besides its code, named in that page's
 * HTML (`<link rel="preload">`, server/static.ts): the browser asks for it with
 * the HTML's arrival instead of after the JavaScript has downloaded and run,
 * about a second earlier on a slow phone network (README, Performance).
 * - the API answer of /browse and /property/:id. Its URL must be the one the
 *   page's query asks for, byte for byte (the same filters function, the same
 *   serialisation as api()); otherwise the preload is only wasted, the page
 *   still asks for itself;
 * - the home page's first hero image, its largest paint;
 * - on every page, the visitor (GET /api/me: meQuery) and the public configuration (GET /api/config).
 * Read by the server: no browser API here.
 */
export function earlyRequests(pathname: string, search: string): EarlyRequest[] {
  return [...pageRequests(pathname, search), ...EVERY_PAGE]
}

function pageRequests(pathname: string, search: string): EarlyRequest[] {
  // The same srcset and sizes as the slide, so a phone preloads the 800 px copy it then uses.
  if (pathname === '/') return [{ href: HERO_IMAGES[0]!.src, as: 'image', srcset: heroSrcSet(HERO_IMAGES[0]!.src), sizes: HERO_SIZES }]
  if (pathname === '/browse' || pathname === '/browse/') {
    // propertySearchQuery's first page (features/properties/api/properties.ts).
    return [{ href: apiUrl('/properties', { ...browseFiltersOf(new URLSearchParams(search)), page: 1 }), as: 'fetch', perUrl: true }]
  }
  const property = pathname.match(/^\/property\/([^/]+)\/?$/)
  if (property) {
    let id: string
    try {
      id = decodeURIComponent(property[1]!)
    } catch {
      return []
    }
    // propertyQuery (features/properties/api/properties.ts); the route param arrives decoded.
    return [{ href: apiUrl(`/properties/${encodeURIComponent(id)}`), as: 'fetch', perUrl: true }]
  }
  return []
}
