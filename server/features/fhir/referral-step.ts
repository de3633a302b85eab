import type { Executor } from '../../db/client'
import { referralFactsOf, referralState, type ReferralStepName } from '../referrals'

/**
 * The closed loop's Task (ADR 026): `status` follows the referral Task of HL7
 * Gravity SDOH Clinical Care (requested → received → accepted → in-progress →
 * completed; rejected, cancelled, on-hold), `businessStatus` names Homeward's
 * step. The referrer and admins see the referral's furthest step among all
 * operators; an operator sees their own. The step is the referrals area's
 * referralState (ADR 034), the one that also words the badges and e-mails.
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

/** Homeward's steps that Gravity's Task has no separate code for. */
const AS_TASK: Partial<Record<ReferralStepName, TaskStep>> = { placement_reported: 'unlocked', cancelled: 'closed' }

type Referral = { id: string; status: string; close_outcome: string | null }

/** The step of a referral, as the whole (operatorId null) or for one operator. */
export async function referralStep(db: Executor, referral: Referral, operatorId: string | null): Promise<ReferralStep> {
  const facts = (await referralFactsOf(db, [referral], operatorId)).get(referral.id)!
  const state = referralState(facts)
  const step = AS_TASK[state.step] ?? (state.step as TaskStep)
  return { step, ...(state.reason ? { reason: state.reason } : {}) }
}
