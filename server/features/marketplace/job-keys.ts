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
  holdReminder: 'marketplace.escrow-hold-reminder',
} as const

export const checkoutJobKey = (paymentId: string) => `unlock-checkout:${paymentId}`
export const turnJobKey = (entryId: string) => `waitlist-turn:${entryId}`
/** Keyed by the expiry time too: renewing an entry schedules a new job and the old one finds nothing to do. */
export const entryJobKey = (entryId: string, expiresAt: Date) => `waitlist-expiry:${entryId}:${expiresAt.getTime()}`
export const holdEndJobKey = (paymentId: string) => `escrow-hold-end:${paymentId}`
export const holdReminderJobKey = (paymentId: string) => `escrow-hold-reminder:${paymentId}`

/** The reminder before the escrow hold ends: a day before, or halfway through a hold shorter than two days. */
export const HOLD_REMINDER_HOURS = 24
export const holdReminderAt = (paidAt: Date, holdUntil: Date) => {
  const lead = Math.min(HOLD_REMINDER_HOURS * 3_600_000, (holdUntil.getTime() - paidAt.getTime()) / 2)
  return new Date(holdUntil.getTime() - lead)
}
