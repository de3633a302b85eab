import type { Executor } from '../../db/client'
import { distanceMiles, lookupZip } from '../geo'
import { DEFAULT_RADIUS } from './browse.constants'
import { getPublicProperty } from './get-property'
import { searchProperties } from './search-properties'
import type { PropertyView } from './property-view'

/** How many nearby homes a home's page lists. */
export const NEARBY_COUNT = 4

/**
 * Up to NEARBY_COUNT other homes near this one, nearest first, for its page.
 * The home itself must be public (else 404, as its page). The homes come from
 * the browse search itself (searchProperties: active, free beds, accounts not
 * deleted, a free operator's first home only), so no second visibility rule:
 * a radius search around the home's ZIP, DEFAULT_RADIUS miles. Their distance
 * is measured from this home when it has a map position (else from its ZIP's
 * centre, as browse does); homes without a map position have no distance and
 * are left out. A ZIP the geocoder does not know: the newest homes of the same
 * city and state, without distances.
 */
export async function listNearbyHomes(db: Executor, id: string): Promise<{ items: PropertyView[]; radius_miles: number | null }> {
  const home = await getPublicProperty(db, id)
  const base = { page: 1, per_page: NEARBY_COUNT + 1, radius: DEFAULT_RADIUS, confirmed_recently: false }
  const located = lookupZip(home.zip_code)
  if (!located) {
    const same = await searchProperties(db, { ...base, state: home.state, city: home.city })
    return { items: same.items.filter((h) => h.id !== id).slice(0, NEARBY_COUNT), radius_miles: null }
  }
  // One more than shown: the home itself is usually among them.
  const found = await searchProperties(db, { ...base, zip: located.zip, per_page: NEARBY_COUNT * 3 })
  const from = home.latitude !== null && home.longitude !== null ? { latitude: home.latitude, longitude: home.longitude } : null
  const items = found.items
    .filter((h) => h.id !== id && h.latitude !== null && h.longitude !== null)
    .map((h) => (from ? { ...h, distance_miles: Math.round(distanceMiles(from.latitude, from.longitude, h.latitude!, h.longitude!) * 100) / 100 } : h))
    .sort((a, b) => a.distance_miles! - b.distance_miles!)
    .slice(0, NEARBY_COUNT)
  return { items, radius_miles: DEFAULT_RADIUS }
}
