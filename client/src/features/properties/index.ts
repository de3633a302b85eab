/**
 * The public surface of this feature (ADR 018): other features and client/src/app
 * import it only through this file. Pages are not exported: the route table
 * lazy-loads each page module directly, so that each page stays its own chunk.
 */
export { bedConfirmationQuery } from './api/bed-confirmations'
export { browseFiltersOf, propertyQuery, propertySearchQuery } from './api/properties'
export { BedsFreshness } from './components/BedsFreshness'
export { licensingLabel, plural } from './components/labels'
export { PropertyActions } from './components/PropertyActions'
export { PropertyCard } from './components/PropertyCard'
export { NO_MAP_POSITION, NoMapPositionNotice } from './components/NoMapPosition'
export { ReviewList, Stars } from './components/ReviewList'
