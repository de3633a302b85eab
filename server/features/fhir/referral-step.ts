import { and, eq, inArray } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Executor } from '../../db/client'
import { ACTIVE_WAITLIST_STATUSES, type CLOSE_OUTCOMES, type DECLINE_REASONS } from '../../db/enums'
import { invitations, referral_declines, referral_interests, referral_matches, referral_payments, referral_waitlist } from '../../db/schema'
import { DECLINE_REASON_LABELS } from '../referrals'

/**
 * The closed loop's Task (ADR 026): `status` follows the referral Task of HL7
 * Gravity SDOH Clinical Care (requested → received → accepted → in-progress →
 * completed; rejected, cancelled, on-hold), `businessStatus` names Homeward's
 * step. The referrer and admins see the referral's furthest step among all
 * operators; an operator sees their own.
 */
export const TASK_STEPS = {
  submitted: { status: 'requested', display: 'Submitted' },
  invited: { status: 'requested', display: 'Invited' },
  matched: { status: 'received', display: 'Matched to the home' },
  interest: { status: 'accepted', display: 'Interest shown' },
  waitlisted: { status: 'on-hold', display: 'Waitlisted' },
  unlocked: { status: 'in-progress', display: 'Unlocked' },
  placed: { status: 'completed', display: 'Placed' },
  declined: { status: 'rejected', display: 'Declined' },
  closed: { status: 'cancelled', display: 'Closed' },
} as const
export type TaskStep = keyof typeof TASK_STEPS

export type ReferralStep = { step: TaskStep; reason?: string }

const UNLOCKING = ['held_in_escrow', 'released_to_referrer'] as const
const OUTCOME_LABELS: Record<(typeof CLOSE_OUTCOMES)[number], string> = {
  placed_homeward: 'placed through Homeward',
  placed_elsewhere: 'placed elsewhere',
  no_longer_needed: 'no longer needed',
  other: 'other',
}

type Referral = { id: string; status: string; close_outcome: string | null }

/** The step of a referral, as the whole (operatorId null) or for one operator. */
export async function referralStep(db: Executor, referral: Referral, operatorId: string | null): Promise<ReferralStep> {
  if (referral.status === 'placed') return { step: 'placed' }
  if (referral.status === 'cancelled' || referral.status === 'rejected') {
    const outcome = referral.close_outcome as (typeof CLOSE_OUTCOMES)[number] | null
    return { step: referral.status === 'rejected' ? 'declined' : 'closed', reason: outcome ? OUTCOME_LABELS[outcome] : undefined }
  }
  const of = (t: { referral_id: SQLiteColumn; operator_id: SQLiteColumn }) => and(eq(t.referral_id, referral.id), operatorId ? eq(t.operator_id, operatorId) : undefined)
  const any = async (rows: Promise<unknown[]>) => (await rows).length > 0
  const [declined] = operatorId ? await db.select({ reason: referral_declines.reason }).from(referral_declines).where(of(referral_declines)).limit(1) : []
  if (declined) return { step: 'declined', reason: DECLINE_REASON_LABELS[declined.reason as (typeof DECLINE_REASONS)[number]] }
  if (await any(db.select({ id: referral_payments.id }).from(referral_payments).where(and(of(referral_payments), inArray(referral_payments.status, [...UNLOCKING]))).limit(1))) return { step: 'unlocked' }
  if (await any(db.select({ id: referral_waitlist.id }).from(referral_waitlist).where(and(of(referral_waitlist), inArray(referral_waitlist.status, [...ACTIVE_WAITLIST_STATUSES]))).limit(1))) return { step: 'waitlisted' }
  if (await any(db.select({ id: referral_interests.id }).from(referral_interests).where(of(referral_interests)).limit(1))) return { step: 'interest' }
  if (await any(db.select({ id: referral_matches.id }).from(referral_matches).where(of(referral_matches)).limit(1))) return { step: 'matched' }
  if (operatorId && (await any(db.select({ id: invitations.id }).from(invitations).where(of(invitations)).limit(1)))) return { step: 'invited' }
  return { step: referral.status === 'matched' ? 'matched' : 'submitted' }
}
