/**
 * The public surface of this feature (ADR 018): other features and client/src/app
 * import it only through this file. Pages are not exported: the route table
 * lazy-loads each page module directly, so that each page stays its own chunk.
 */
import { lazyComponent } from '../../components/lazy-component'

export { messageReferralsQuery } from './api/messaging'

export const MessagesPanel = lazyComponent(() => import('./components/MessagesPanel'), (m) => m.MessagesPanel)
