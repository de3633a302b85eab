/**
 * The public surface of this feature (ADR 018): other features and client/src/app
 * import it only through this file. Pages are not exported: the route table
 * lazy-loads each page module directly, so that each page stays its own chunk.
 */
export { LabelBadges, UrgentBadge } from './components/CareBadges'
export { ChoiceCheckboxes } from './components/ChoiceCheckboxes'
export { LanguageChoices } from './components/LanguageChoices'
export { LanguagesSpoken } from './components/LanguagesSpoken'
export { PropertyCareCard, PropertyCareSummary } from './components/PropertyCare'
