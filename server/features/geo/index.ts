/**
 * The geo area's public surface (ADR 018: docs/decisions/018-feature-boundaries.md):
 * its router, which app.ts mounts, and what other areas, the CLI and lib use.
 * Other modules import this area only through this file; the rest of the folder
 * is private to it (tests excepted).
 */
export { geoRoutes as router } from './geo.routes'

export { boundingBox, distanceMiles } from './distance'
export { matchStates } from './match-states'
export { FIFTY_STATES, US_STATES } from './states'
export { FALLBACK_ZONE, homeZone, timeZoneOf } from './time-zone'
export { lookupZip, setZipDataFile, zipsOfCity, zipsOfState } from './zip'
export type { ZipLocation } from './zip'
