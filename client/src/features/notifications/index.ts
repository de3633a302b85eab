/**
 * The public surface of this feature (ADR 018): other features and client/src/app
 * import it only through this file. Pages are not exported: the route table
 * lazy-loads each page module directly, so that each page stays its own chunk.
 */
import { lazyComponent } from '../../components/lazy-component'

// Signed-in only, and it brings date-fns and sonner: its own chunk, so the entry (every
// visitor's first download) stays without them (README, Performance).
export const NotificationBell = lazyComponent(() => import('./components/NotificationBell'), (m) => m.NotificationBell, { fallback: null })
// The tab's event stream: signed-in only, and it needs the query client, which the entry goes without.
export const RealtimeProvider = lazyComponent(() => import('./realtime'), (m) => m.RealtimeProvider, { fallback: null })

/** The account page's choice of e-mails. */
export const EmailPreferencesCard = lazyComponent(() => import('./components/EmailPreferencesCard'), (m) => m.EmailPreferencesCard, { fallback: null })
