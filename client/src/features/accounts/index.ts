/**
 * The public surface of this feature (ADR 018): other features and client/src/app
 * import it only through this file. Pages are not exported: the route table
 * lazy-loads each page module directly, so that each page stays its own chunk.
 */
import { lazyComponent } from '../../components/lazy-component'

export { sessionsQuery } from './api/security'
// Signed-in only (it resends through a mutation: react-query, which the entry goes without): its own chunk.
export const VerifyEmailBanner = lazyComponent(() => import('./components/VerifyEmailBanner'), (m) => m.VerifyEmailBanner, { fallback: null })
// Lazy as the banner: only an unconfirmed account needs it.
export const ConfirmEmailFirstNote = lazyComponent(() => import('./components/ConfirmEmailFirstNote'), (m) => m.ConfirmEmailFirstNote, { fallback: null })
