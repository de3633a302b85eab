/**
 * The public surface of this feature (ADR 018): other features and client/src/app
 * import it only through this file. Pages are not exported: the route table
 * lazy-loads each page module directly, so that each page stays its own chunk.
 */
import { lazyComponent } from '../../components/lazy-component'

// Lazy (lazyComponent): the operator dashboard shows it; the listing pages, which import this index
// for InviteDialog, would otherwise carry it and what it imports (the marketplace's decline dialog, zod).
export const InvitationsCard = lazyComponent(() => import('./components/InvitationsCard'), (m) => m.InvitationsCard)
// Lazy (lazyComponent): its form loads when an operator opens the dialog, not with the listing pages.
export const InviteDialog = lazyComponent(() => import('./components/InviteDialog'), (m) => m.InviteDialog, { fallback: null })
