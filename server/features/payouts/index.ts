/**
 * The payouts area's public surface (ADR 018: docs/decisions/018-feature-boundaries.md):
 * its router, which app.ts mounts, and what other areas use. Other modules
 * import this area only through this file; the rest of the folder is private
 * to it (tests excepted).
 */
export { payoutsRoutes as router } from './payouts.routes'
export { payoutMethodOf } from './payout-details'
