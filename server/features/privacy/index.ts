/**
 * The privacy area's public surface (ADR 018: docs/decisions/018-feature-boundaries.md):
 * what other areas, the CLI and lib use (the area serves no routes of its own).
 * Other modules import this area only through this file; the rest of the folder
 * is private to it (tests excepted).
 */
export { disclose, discloseToSystem, listDisclosures, withDisclosureScope } from './disclosures'
export type { Viewer } from './disclosures'
export { resealFiles, resealOldFiles } from './reseal-files'
export { rotateKeys } from './rotate-keys'
