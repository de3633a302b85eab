import { and, desc, eq, getTableColumns, inArray, ne } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { ACTIVE_WAITLIST_STATUSES, invitations, referral_interests, referral_matches, referral_payments, referral_waitlist } from '../../db/schema'
import { unlockFeeCents } from './marketplace-access'
import type { ReferralRow } from './referral-view'
import { unmaskedReferralIds } from '../referrals'

/**
 * Where one operator stands on each referral, and
 * so which buttons the card shows:
 *
 * - `own`: their own referral (no marketplace actions)
 * - `unlocked`: paid (held in escrow or released) or invited
 * - `checkout_pending`: their checkout is open and holds the slot
 * - `your_turn`: first in line and notified; may pay until notification_expires_at
 * - `waitlisted`: in line at `waitlist.position`
 * - `slot_full`: another operator holds the slot or is ahead in line → Join Waitlist
 * - `available`: Pay to Unlock
 */
export type MarketplaceAction = 'own' | 'unlocked' | 'checkout_pending' | 'your_turn' | 'waitlisted' | 'slot_full' | 'available'

type Payment = typeof referral_payments.$inferSelect

export type OperatorReferralState = {
  action: MarketplaceAction
  interested: boolean
  unlocked: boolean
  unlocked_by: 'payment' | 'invitation' | null
  unlock_fee_cents: number
  payment: {
    id: string
    status: Payment['status']
    amount_cents: number
    checkout_expires_at: string | null
    paid_at: string | null
    escrow_hold_until: string | null
    operator_confirmation: Payment['operator_confirmation']
    referrer_confirmation: Payment['referrer_confirmation']
  } | null
  /** Matched or invited, holding no payment: may answer "Not a fit". */
  can_decline: boolean
  waitlist: {
    id: string
    position: number
    status: (typeof referral_waitlist.$inferSelect)['status']
    notified_at: string | null
    notification_expires_at: string | null
    /** The entry expires then (WAITLIST_EXPIRY_DAYS after joining or the last renewal). */
    expires_at: string
    /** The operator's own note of what the client would need from them; only ever sent to them. */
    needs: string | null
  } | null
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null

/** The state of `operatorId` on each of `rows`, in a fixed number of queries. */
export async function operatorStates(db: Executor, operatorId: string, rows: readonly ReferralRow[], now: Date) {
  const ids = rows.map((r) => r.id)
  const states = new Map<string, OperatorReferralState>()
  if (ids.length === 0) return states
  const nowMs = now.getTime()
  const fee = await unlockFeeCents(db, operatorId)
  const unmasked = await unmaskedReferralIds(db, operatorId, ids)
  const interested = new Set(
    (
      await db
        .select({ id: referral_interests.referral_id })
        .from(referral_interests)
        .where(and(eq(referral_interests.operator_id, operatorId), inArray(referral_interests.referral_id, ids)))
    ).map((r) => r.id),
  )
  const payments = (
    await db
      .select()
      .from(referral_payments)
      .where(
        and(
          inArray(referral_payments.referral_id, ids),
          inArray(referral_payments.status, ['pending', 'held_in_escrow', 'released_to_referrer']),
        ),
      )
      // Newest first, to the unique id: an operator's own payment below is the newest that is not a pending checkout, on both engines.
      .orderBy(desc(referral_payments.created_at), desc(referral_payments.id))
  )
    // A pending checkout past its hold no longer holds anything (the scheduler is about to say so).
    .filter((p) => p.status !== 'pending' || (p.checkout_expires_at?.getTime() ?? 0) > nowMs)
  // Everyone's entries decide the slot; the sealed needs note is read for this operator's own entries only.
  const { needs: _sealed, ...entryColumns } = getTableColumns(referral_waitlist)
  const entries = (
    await db
      .select(entryColumns)
      .from(referral_waitlist)
      .where(and(inArray(referral_waitlist.referral_id, ids), inArray(referral_waitlist.status, [...ACTIVE_WAITLIST_STATUSES])))
  )
    // A turn that ran out holds nothing either.
    .filter((e) => e.status !== 'notified' || (e.notification_expires_at?.getTime() ?? 0) > nowMs)
  const ownIds = entries.filter((e) => e.operator_id === operatorId).map((e) => e.id)
  const needs = new Map(
    ownIds.length
      ? (await db.select({ id: referral_waitlist.id, needs: referral_waitlist.needs }).from(referral_waitlist).where(inArray(referral_waitlist.id, ownIds))).map((e) => [e.id, e.needs])
      : [],
  )

  // Homes matching notified, or the referrer invited (and not declined yet): they may answer "Not a fit".
  const matched = await db
    .select({ id: referral_matches.referral_id })
    .from(referral_matches)
    .where(and(eq(referral_matches.operator_id, operatorId), inArray(referral_matches.referral_id, ids)))
  const invited = await db
    .select({ id: invitations.referral_id })
    .from(invitations)
    .where(and(eq(invitations.operator_id, operatorId), inArray(invitations.referral_id, ids), ne(invitations.status, 'declined')))
  const notified = new Set([...matched, ...invited].map((r) => r.id))

  for (const row of rows) {
    const mine = payments
      .filter((p) => p.referral_id === row.id && p.operator_id === operatorId)
      .sort((a, b) => (a.status === 'pending' ? 1 : 0) - (b.status === 'pending' ? 1 : 0))[0]
    const othersHold = payments.some((p) => p.referral_id === row.id && p.operator_id !== operatorId && p.status !== 'released_to_referrer')
    const entry = entries.find((e) => e.referral_id === row.id && e.operator_id === operatorId)
    const othersInLine = entries.some((e) => e.referral_id === row.id && e.operator_id !== operatorId)
    const paid = !!mine && mine.status !== 'pending'
    const unlocked = unmasked.has(row.id)
    const own = !!row.referrer_user_id && row.referrer_user_id === operatorId

    let action: MarketplaceAction
    if (own) action = 'own'
    else if (unlocked) action = 'unlocked'
    else if (mine?.status === 'pending') action = 'checkout_pending'
    else if (entry?.status === 'notified') action = 'your_turn'
    else if (entry) action = 'waitlisted'
    else if (othersHold || othersInLine) action = 'slot_full'
    else action = 'available'

    states.set(row.id, {
      action,
      interested: interested.has(row.id),
      unlocked: own || unlocked,
      unlocked_by: paid ? 'payment' : unlocked ? 'invitation' : null,
      unlock_fee_cents: fee,
      can_decline: !own && notified.has(row.id) && !(mine && (mine.status === 'held_in_escrow' || mine.status === 'pending')),
      payment: mine
        ? {
            id: mine.id,
            status: mine.status,
            amount_cents: mine.amount_cents,
            checkout_expires_at: iso(mine.checkout_expires_at),
            paid_at: iso(mine.paid_at),
            escrow_hold_until: iso(mine.escrow_hold_until),
            operator_confirmation: mine.operator_confirmation,
            referrer_confirmation: mine.referrer_confirmation,
          }
        : null,
      waitlist: entry
        ? {
            id: entry.id,
            position: entry.position,
            status: entry.status,
            notified_at: iso(entry.notified_at),
            notification_expires_at: iso(entry.notification_expires_at),
            expires_at: entry.expires_at.toISOString(),
            needs: needs.get(entry.id) ?? null,
          }
        : null,
    })
  }
  return states
}
