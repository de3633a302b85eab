/**
 * The public surface of this feature (ADR 018): other features and client/src/app
 * import it only through this file. Pages are not exported: the route table
 * lazy-loads each page module directly, so that each page stays its own chunk.
 */
import { lazyComponent } from '../../components/lazy-component'

export { requestedToursQuery, rescheduleProposalQuery } from './api/tours'
export { RequestedTours } from './components/RequestedTours'
export const RescheduleTourDialog = lazyComponent(() => import('./components/RescheduleTourDialog'), (m) => m.RescheduleTourDialog, { fallback: null })
// Lazy (lazyComponent): the calendar and the form library load when a visitor opens the dialog, not with the listing pages.
export const ScheduleTourDialog = lazyComponent(() => import('./components/ScheduleTourDialog'), (m) => m.ScheduleTourDialog, { fallback: null })
