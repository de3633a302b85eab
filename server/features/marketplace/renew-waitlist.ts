import { and, eq, inArray } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { ACTIVE_WAITLIST_STATUSES, referral_waitlist, referrals } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { env } from '../../env'
import { conflict, notFound } from '../../errors'
import { cancelJob } from '../../jobs/scheduler'
import { clock, DAY } from '../../lib/clock'
import { entryJobKey } from './job-keys'
import { lockReferral, referralOfEntry, scheduleEntryExpiry } from './slot'

type Entry = typeof referral_waitlist.$inferSelect

export const WAITLIST_ENTRY_NOT_FOUND = 'marketplace.waitlistEntryNotFound'
export const WAITLIST_ENTRY_INACTIVE = 'marketplace.waitlistEntryInactive'

/**
 * Restarts an active entry's WAITLIST_EXPIRY_DAYS from `now`, keeping its
 * place in line. The persisted expiry job moves with it: the job due at the
 * old time is cancelled and one is scheduled at the new time, so there is
 * exactly one pending expiry per active entry and it fires when the page
 * says the entry expires. Runs in the caller's transaction.
 */
export async function extendEntry(tx: Tx, entry: Entry, now: Date, changes: { needs?: string | null } = {}) {
  const expiresAt = new Date(now.getTime() + env.WAITLIST_EXPIRY_DAYS * DAY)
  const [renewed] = await tx
    .update(referral_waitlist)
    .set({ expires_at: expiresAt, ...changes })
    .where(and(eq(referral_waitlist.id, entry.id), inArray(referral_waitlist.status, [...ACTIVE_WAITLIST_STATUSES])))
    .returning()
  if (!renewed) throw conflict('waitlist_entry_inactive', WAITLIST_ENTRY_INACTIVE)
  if (entry.expires_at.getTime() !== expiresAt.getTime()) await cancelJob(tx, entryJobKey(entry.id, entry.expires_at))
  await scheduleEntryExpiry(tx, renewed)
  return renewed
}

/**
 * POST /api/waitlist/:id/renew: only the entry's own operator (any
 * other caller gets 404: the entry is not theirs to see), only while the entry
 * is waiting or notified and its referral still open (409 otherwise), both
 * read in the transaction that renews it (locked).
 */
export async function renewWaitlistEntry(db: Executor, opts: { entryId: string; operatorId: string }) {
  return transaction(db, async (tx) => {
    const referralId = await referralOfEntry(tx, opts.entryId)
    if (referralId) await lockReferral(tx, referralId)
    const [entry] = await forUpdate(
      tx
        .select()
        .from(referral_waitlist)
        .where(and(eq(referral_waitlist.id, opts.entryId), eq(referral_waitlist.operator_id, opts.operatorId)))
        .limit(1),
    )
    if (!entry) throw notFound(WAITLIST_ENTRY_NOT_FOUND)
    if (!(ACTIVE_WAITLIST_STATUSES as readonly string[]).includes(entry.status)) throw conflict('waitlist_entry_inactive', WAITLIST_ENTRY_INACTIVE)
    const [open] = await forUpdate(tx.select({ status: referrals.status }).from(referrals).where(eq(referrals.id, entry.referral_id)).limit(1))
    if (open?.status !== 'pending') throw conflict('referral_closed', 'marketplace.referralNoLongerOpen')
    const renewed = await extendEntry(tx, entry, clock.now())
    return {
      message: `Waitlist entry renewed for ${env.WAITLIST_EXPIRY_DAYS} days.`,
      id: renewed.id,
      position: renewed.position,
      // Only an active entry is renewed (checked above).
      status: renewed.status as (typeof ACTIVE_WAITLIST_STATUSES)[number],
      expires_at: renewed.expires_at.toISOString(),
    }
  })
}
