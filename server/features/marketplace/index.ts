/**
 * The marketplace area's public surface (ADR 018: docs/decisions/018-feature-boundaries.md):
 * its router, which app.ts mounts, and what other areas, the CLI and lib use.
 * Other modules import this area only through this file; the rest of the folder
 * is private to it (tests excepted).
 */
export { marketplaceRoutes as router } from './marketplace.routes'

export { declineReferral } from './decline-referral'
export { displayName } from './marketplace-access'
export { escrowResolvedSchema, heldPaymentsSchema } from './marketplace.responses'
export { resolveEscrow, resolveEscrowSchema } from './resolve-escrow'
export { registerUnlockCheckout } from './unlock-fulfilment'
export { registerMarketplaceJobs } from './marketplace.jobs'
