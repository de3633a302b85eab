/**
 * The care area's public surface (ADR 018: docs/decisions/018-feature-boundaries.md):
 * what other areas, the CLI and lib use (the area serves no routes of its own).
 * Other modules import this area only through this file; the rest of the folder
 * is private to it (tests excepted).
 */
export { SPECIALIZATIONS, parseChoices } from './care-extras.schemas'
export { CARE_LEVEL_HINTS, CARE_LEVEL_LABELS, CARE_LEVELS, FUNDING_SOURCE_LABELS, FUNDING_SOURCES, SPOKEN_LANGUAGE_NAMES, TIMELINE_LABELS } from './care-extras.constants'
export type { CareLevel, FundingSource, SpokenLanguage } from './care-extras.constants'
