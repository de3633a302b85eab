import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { referral_payments } from '../../db/schema'
import { referralFactsOf, referralState, type ReferralStepName } from '../referrals'

/**
 * The closed loop's Task (ADR 026, ADR 042): `status` follows the referral Task of HL7 Gravity SDOH
 * Clinical Care, whose required value set leaves out `received` and `ready`: requested (submitted, sent
 * to homes, invited, interest, waitlisted) → accepted (a home unlocked it) → in-progress (a home reports
 * the client placed) → completed (placed); rejected (declined as a whole), cancelled (cancelled or
 * closed by the referrer). `businessStatus` names Homeward's step. The referrer sees the referral's
 * furthest step among all homes; an operator sees their own. The step is the referrals area's
 * referralState (ADR 034), the one that also words the badges and e-mails.
 */
export const TASK_STEPS: Record<ReferralStepName, { status: string; display: string }> = {
  submitted: { status: 'requested', display: 'Submitted' },
  invited: { status: 'requested', display: 'Invited' },
  matched: { status: 'requested', display: 'Sent to homes' },
  interest: { status: 'requested', display: 'Interest shown' },
  waitlisted: { status: 'requested', display: 'Waitlisted' },
  unlocked: { status: 'accepted', display: 'Unlocked' },
  placement_reported: { status: 'in-progress', display: 'Placement reported' },
  placed: { status: 'completed', display: 'Placed' },
  declined: { status: 'rejected', display: 'Declined' },
  closed: { status: 'cancelled', display: 'Closed' },
  cancelled: { status: 'cancelled', display: 'Cancelled' },
}
export type TaskStep = ReferralStepName

/** What the Task says beyond the referral's own fields: its step, why, the home (operator) that owns it and where the client was placed. */
export type ReferralStep = { step: TaskStep; reason?: string; ownerId?: string; placedAt?: string }

type Referral = { id: string; status: string; close_outcome: string | null; matched_operator_id?: string | null; matched_property_id?: string | null }

/** The step of a referral, as the whole (operatorId null) or for one operator, with the Task's owner and output. */
export async function referralStep(db: Executor, referral: Referral, operatorId: string | null): Promise<ReferralStep> {
  const facts = (await referralFactsOf(db, [referral], operatorId)).get(referral.id)!
  const state = referralState(facts)
  const status = TASK_STEPS[state.step].status
  const owner = ['accepted', 'in-progress', 'completed'].includes(status) ? await ownerOf(db, referral, operatorId) : null
  return {
    step: state.step,
    ...(state.reason ? { reason: state.reason } : {}),
    ...(owner ? { ownerId: owner } : {}),
    ...(status === 'completed' && referral.matched_property_id ? { placedAt: referral.matched_property_id } : {}),
  }
}

/**
 * The home that owns the Task once one unlocked it: the placed one; else the one whose placement
 * report awaits the referrer; else the first to unlock (a held or released payment).
 */
async function ownerOf(db: Executor, referral: Referral, operatorId: string | null): Promise<string | null> {
  if (referral.status === 'placed' && referral.matched_operator_id && (!operatorId || operatorId === referral.matched_operator_id)) return referral.matched_operator_id
  const paid = await db
    .select({ operator_id: referral_payments.operator_id, status: referral_payments.status, reported: referral_payments.operator_confirmation, answered: referral_payments.referrer_confirmation })
    .from(referral_payments)
    .where(
      and(
        eq(referral_payments.referral_id, referral.id),
        inArray(referral_payments.status, ['held_in_escrow', 'released_to_referrer']),
        operatorId ? eq(referral_payments.operator_id, operatorId) : undefined,
      ),
    )
    .orderBy(asc(referral_payments.created_at), asc(referral_payments.id))
  const reported = paid.find((p) => p.status === 'held_in_escrow' && p.reported === 'placed' && !p.answered)
  return (reported ?? paid.find((p) => p.status === 'released_to_referrer') ?? paid[0])?.operator_id ?? null
}
