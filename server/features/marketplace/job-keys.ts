/**
 * Job kinds and idempotency keys of the marketplace's scheduled expiries.
 * Handlers are in marketplace.jobs.ts; keys make scheduling idempotent
 * (scheduleJob with the same key twice is a no-op).
 */
export const MARKETPLACE_JOBS = {
  checkoutExpiry: 'marketplace.checkout-expiry',
  turnExpiry: 'marketplace.waitlist-turn-expiry',
  entryExpiry: 'marketplace.waitlist-entry-expiry',
  holdEnd: 'marketplace.escrow-hold-end',
} as const

export const checkoutJobKey = (paymentId: string) => `unlock-checkout:${paymentId}`
export const turnJobKey = (entryId: string) => `waitlist-turn:${entryId}`
/** Keyed by the expiry time too: renewing an entry schedules a new job and the old one finds nothing to do. */
export const entryJobKey = (entryId: string, expiresAt: Date) => `waitlist-expiry:${entryId}:${expiresAt.getTime()}`
export const holdEndJobKey = (paymentId: string) => `escrow-hold-end:${paymentId}`
