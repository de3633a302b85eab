import zipcodes from 'zipcodes'
import { ZIP_FORMAT } from './geo.schemas'

export type ZipLocation = { zip: string; latitude: number; longitude: number; city: string; state: string }

export const ZIP_PATTERN = ZIP_FORMAT

/**
 * Offline geocoding from the packaged US ZIP dataset (`zipcodes`): the ZIP
 * centroid. Accepts 5-digit and ZIP+4; returns null when the ZIP is unknown.
 */
export function lookupZip(zip: string): ZipLocation | null {
  const trimmed = zip.trim()
  if (!ZIP_PATTERN.test(trimmed)) return null
  const hit = zipcodes.lookup(trimmed.slice(0, 5))
  if (!hit || hit.country !== 'US' || typeof hit.latitude !== 'number') return null
  return { zip: hit.zip, latitude: hit.latitude, longitude: hit.longitude, city: hit.city, state: hit.state }
}

/** Every US ZIP of a state (seeding). */
export function zipsOfState(state: string): ZipLocation[] {
  return (zipcodes.lookupByState(state) ?? [])
    .filter((z) => z.country === 'US' && typeof z.latitude === 'number')
    .map((z) => ({ zip: z.zip, latitude: z.latitude, longitude: z.longitude, city: z.city, state: z.state }))
    .sort((a, b) => a.zip.localeCompare(b.zip))
}
