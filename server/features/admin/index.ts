/**
 * The admin area's public surface (ADR 018: docs/decisions/018-feature-boundaries.md):
 * its router, which app.ts mounts, and what other areas, the CLI and lib use.
 * Other modules import this area only through this file; the rest of the folder
 * is private to it (tests excepted).
 */
export { adminRoutes as router } from './admin.routes'

export { demoteAdmin, promoteToAdmin } from './admin-role'
export { listEscrow } from './list-escrow'
export { listOutbox } from './list-outbox'
export type { OutboxStatus } from './list-outbox'
export { listReferrals } from './list-referrals'
export type { ReferralStatus } from './list-referrals'
export { listUsers } from './list-users'
