/** Great-circle distance with an earth radius of 3959 miles. */
export const EARTH_RADIUS_MILES = 3959
const RAD = Math.PI / 180

/** Haversine distance in miles between two points given in degrees. */
export function distanceMiles(lat1: number, lng1: number, lat2: number, lng2: number) {
  const dLat = (lat2 - lat1) * RAD
  const dLng = (lng2 - lng1) * RAD
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)))
}

export type BoundingBox = { minLat: number; maxLat: number; minLng: number | null; maxLng: number | null }

/**
 * A box that contains every point within `radius` miles, for an indexed SQL
 * prefilter; the exact distance is computed afterwards. Longitude half-width is
 * asin(sin(d) / cos(lat)) (J. Matuschek, "Finding points within a distance of a
 * latitude/longitude"). Near a pole or across the antimeridian (Aleutians) the
 * longitude bounds are dropped (null) rather than wrapped: the prefilter may
 * only ever be too generous, never too strict.
 */
export function boundingBox(lat: number, lng: number, radius: number): BoundingBox {
  const d = radius / EARTH_RADIUS_MILES
  const minLat = lat - d / RAD
  const maxLat = lat + d / RAD
  const ratio = Math.sin(d) / Math.cos(lat * RAD)
  if (maxLat >= 90 || minLat <= -90 || ratio >= 1) return { minLat, maxLat, minLng: null, maxLng: null }
  const dLng = Math.asin(ratio) / RAD
  const minLng = lng - dLng
  const maxLng = lng + dLng
  if (minLng < -180 || maxLng > 180) return { minLat, maxLat, minLng: null, maxLng: null }
  return { minLat, maxLat, minLng, maxLng }
}
