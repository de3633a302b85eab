import type { Executor } from '../../db/client'
import { referral_waitlist } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { env } from '../../env'
import { conflict } from '../../errors'
import { clock, DAY } from '../../lib/clock'
import { recordInterest } from './express-interest'
import { actionableReferral, isWaitlistDuplicate } from './marketplace-access'
import { extendEntry } from './renew-waitlist'
import { activeEntry, lastInLine, ownOpenCheckout, scheduleEntryExpiry, settleSlot } from './slot'
import { touchTask } from '../referrals'

export type WaitlistAnswer = {
  message: string
  id: string
  position: number
  status: 'waiting' | 'notified'
  notification_expires_at: string | null
  expires_at: string
  /** What the client would need from this home: the operator's own note, shown only to them. */
  needs: string | null
}

/**
 * POST /api/referrals/:id/waitlist → {message, position}. First come, first
 * served: the new entry goes to the end of the line (positions 1..n among
 * active entries, read, locked, and decided inside one transaction). If the
 * slot happens to be free with nobody ahead, the operator's turn starts at
 * once. Joining again keeps the place and renews the entry for
 * WAITLIST_EXPIRY_DAYS (and replaces the needs note when one is given).
 * `needs`: what the client would need from this home, validated
 * by waitlistJoinSchema, stored sealed.
 */
export async function joinWaitlist(db: Executor, opts: { referralId: string; operatorId: string; needs?: string | null }): Promise<WaitlistAnswer> {
  return transaction(db, async (tx) => {
    const now = clock.now()
    const referral = await actionableReferral(tx, opts.referralId, opts.operatorId)
    await settleSlot(tx, referral.id, now)
    if (await ownOpenCheckout(tx, referral.id, opts.operatorId)) throw conflict('checkout_in_progress', 'marketplace.alreadyCheckoutOpenReferral')
    const expiresAt = new Date(now.getTime() + env.WAITLIST_EXPIRY_DAYS * DAY)
    const existing = await activeEntry(tx, referral.id, opts.operatorId)
    if (existing) {
      const renewed = await extendEntry(tx, existing, now, opts.needs ? { needs: opts.needs } : {})
      return view(renewed, `You are already on the waitlist (#${existing.position} in line).`)
    }
    await recordInterest(tx, referral, opts.operatorId)
    const last = await lastInLine(tx, referral.id)
    let entry: typeof referral_waitlist.$inferSelect
    try {
      const inserted = await tx
        .insert(referral_waitlist)
        .values({
          referral_id: referral.id,
          operator_id: opts.operatorId,
          position: (last?.position ?? 0) + 1,
          status: 'waiting',
          expires_at: expiresAt,
          needs: opts.needs ?? null,
        })
        .returning()
      entry = inserted[0]!
    } catch (error) {
      if (isWaitlistDuplicate(error)) throw conflict('already_waitlisted', 'marketplace.alreadyWaitlist')
      throw error
    }
    await scheduleEntryExpiry(tx, entry)
    await touchTask(tx, referral.id)
    // Nobody ahead and the slot free: the turn starts now.
    await settleSlot(tx, referral.id, now)
    const current = (await activeEntry(tx, referral.id, opts.operatorId))!
    return view(
      current,
      current.status === 'notified'
        ? "It's your turn! You can pay now to unlock this referral."
        : `Added to waitlist! You are #${current.position} in line.`,
    )
  })
}

function view(entry: typeof referral_waitlist.$inferSelect, message: string): WaitlistAnswer {
  return {
    message,
    id: entry.id,
    position: entry.position,
    status: entry.status as 'waiting' | 'notified',
    notification_expires_at: entry.notification_expires_at?.toISOString() ?? null,
    expires_at: entry.expires_at.toISOString(),
    needs: entry.needs ?? null,
  }
}
