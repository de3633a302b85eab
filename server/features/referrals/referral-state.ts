import { and, eq, inArray } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Executor } from '../../db/client'
import { ACTIVE_WAITLIST_STATUSES, type CLOSE_OUTCOMES } from '../../db/enums'
import { invitations, referral_declines, referral_interests, referral_matches, referral_payments, referral_waitlist } from '../../db/schema'
import { DECLINE_REASON_LABELS, type DeclineReason } from './responses.schemas'

/**
 * The one place that decides where a referral stands and every sentence about
 * it (ADR 034): the referrer's badge and card, the submission e-mail and the
 * FHIR Task's step (ADR 026) all read `referralState`, so no screen or e-mail
 * can say "Pending" or "No home has been told" while another says a home
 * unlocked it or reports the client placed.
 */
export type ReferralFacts = {
  status: string
  close_outcome: string | null
  /** Homes matched by Homeward. */
  matched: number
  /** Homes invited by the referrer. */
  invited: number
  interested: number
  waitlisted: number
  unlocked: number
  /** Unlocks whose operator reported the client placed and the referrer has not answered. */
  placement_reported: number
  /** The viewing operator's own "Not a fit" (an operator's view only), with its label. */
  declined_reason?: string | null
}

export const REFERRAL_STEPS = [
  'submitted',
  'invited',
  'matched',
  'interest',
  'waitlisted',
  'unlocked',
  'placement_reported',
  'placed',
  'declined',
  'closed',
  'cancelled',
] as const
export type ReferralStepName = (typeof REFERRAL_STEPS)[number]

export type BadgeTone = 'yellow' | 'blue' | 'green' | 'red' | 'gray'

/** The badge's word for each step: the labels module of the referral's state. */
export const REFERRAL_STEP_LABELS: Record<ReferralStepName, string> = {
  submitted: 'Submitted',
  invited: 'Homes invited',
  matched: 'Sent to homes',
  interest: 'Interest shown',
  waitlisted: 'Waitlisted',
  unlocked: 'Unlocked',
  placement_reported: 'Placement reported',
  placed: 'Placed',
  declined: 'Declined',
  closed: 'Closed',
  cancelled: 'Cancelled',
}

const TONES: Record<ReferralStepName, BadgeTone> = {
  submitted: 'yellow',
  invited: 'blue',
  matched: 'blue',
  interest: 'blue',
  waitlisted: 'blue',
  unlocked: 'blue',
  placement_reported: 'yellow',
  placed: 'green',
  declined: 'red',
  closed: 'gray',
  cancelled: 'red',
}

export const CLOSE_OUTCOME_TEXT: Record<(typeof CLOSE_OUTCOMES)[number], string> = {
  placed_homeward: 'placed through Homeward',
  placed_elsewhere: 'placed elsewhere',
  no_longer_needed: 'no longer needed',
  other: 'other',
}

const homes = (n: number) => (n === 1 ? 'One home has' : `${n} homes have`)

export type ReferralState = { step: ReferralStepName; label: string; tone: BadgeTone; sentence: string; reason?: string }

/** Where the referral stands: its furthest step, the badge's word and tone, and the one sentence every screen and e-mail says. */
export function referralState(f: ReferralFacts): ReferralState {
  const at = (step: ReferralStepName, sentence: string, extra?: { label?: string; reason?: string }): ReferralState => ({
    step,
    label: extra?.label ?? REFERRAL_STEP_LABELS[step],
    tone: TONES[step],
    sentence,
    ...(extra?.reason ? { reason: extra.reason } : {}),
  })
  if (f.status === 'placed') return at('placed', 'Your client was placed through Homeward.')
  if (f.status === 'rejected') return at('declined', 'This referral was declined.')
  if (f.status === 'cancelled') {
    const outcome = f.close_outcome as (typeof CLOSE_OUTCOMES)[number] | null
    if (!outcome) return at('cancelled', 'This referral was cancelled: no home can see it any more.')
    const reason = CLOSE_OUTCOME_TEXT[outcome]
    if (outcome === 'placed_homeward') return at('closed', 'This referral was closed: your client was placed through Homeward.', { reason })
    return at('closed', `This referral was closed (${reason}).`, { label: outcome === 'other' ? 'Closed' : `Closed: ${reason}`, reason })
  }
  if (f.declined_reason) return at('declined', 'You answered "Not a fit" to this referral.', { reason: f.declined_reason })
  if (f.placement_reported > 0)
    return at('placement_reported', 'A home reports your client placed. Confirm the placement, or say it did not happen, from the referral.')
  if (f.unlocked > 0) return at('unlocked', `${homes(f.unlocked)} unlocked the full details of this referral and can contact you.`)
  if (f.waitlisted > 0) return at('waitlisted', `${homes(f.waitlisted)} put your client on a waiting list.`)
  if (f.interested > 0) return at('interest', `${homes(f.interested)} expressed interest in this referral. Reply to them in Messages.`)
  const told = f.matched + f.invited
  if (f.matched > 0 || f.status === 'matched') return at('matched', `${homes(Math.max(told, 1))} been told about this referral; none has answered yet.`)
  if (f.invited > 0) return at('invited', `${homes(f.invited)} been invited to this referral; none has answered yet.`)
  return at(
    'submitted',
    'No home has been told about this referral yet. Homeward tells homes in the preferred state whose care, budget and requirements match, as soon as one lists or opens a bed.',
  )
}

type Row = { referral_id: string; operator_id: string }
type Referral = { id: string; status: string; close_outcome: string | null }

/**
 * The facts of each referral, as its referrer sees it (operatorId null: every
 * home) or as one operator sees it (their own rows only): a fixed number of
 * queries for the whole list.
 */
export async function referralFactsOf(db: Executor, list: readonly Referral[], operatorId: string | null): Promise<Map<string, ReferralFacts>> {
  const facts = new Map<string, ReferralFacts>()
  if (list.length === 0) return facts
  const ids = list.map((r) => r.id)
  const mine = <T extends { referral_id: SQLiteColumn; operator_id: SQLiteColumn }>(t: T) =>
    and(inArray(t.referral_id, ids), operatorId ? eq(t.operator_id, operatorId) : undefined)
  // One after the other: a transaction's connection runs one statement at a time.
  const matches = await db.select({ referral_id: referral_matches.referral_id, operator_id: referral_matches.operator_id }).from(referral_matches).where(mine(referral_matches))
  const invites = await db.select({ referral_id: invitations.referral_id, operator_id: invitations.operator_id }).from(invitations).where(mine(invitations))
  const interests = await db.select({ referral_id: referral_interests.referral_id, operator_id: referral_interests.operator_id }).from(referral_interests).where(mine(referral_interests))
  const waits = await db
      .select({ referral_id: referral_waitlist.referral_id, operator_id: referral_waitlist.operator_id })
      .from(referral_waitlist)
      .where(and(mine(referral_waitlist), inArray(referral_waitlist.status, [...ACTIVE_WAITLIST_STATUSES])))
  const payments = await db
      .select({
        referral_id: referral_payments.referral_id,
        operator_id: referral_payments.operator_id,
        status: referral_payments.status,
        operator_confirmation: referral_payments.operator_confirmation,
        referrer_confirmation: referral_payments.referrer_confirmation,
      })
      .from(referral_payments)
      .where(and(mine(referral_payments), inArray(referral_payments.status, ['held_in_escrow', 'released_to_referrer'])))
  const declines = await db
      .select({ referral_id: referral_declines.referral_id, operator_id: referral_declines.operator_id, reason: referral_declines.reason })
      .from(referral_declines)
      .where(mine(referral_declines))
  const declined = new Set(declines.map((d) => `${d.referral_id}:${d.operator_id}`))
  /** Distinct homes per referral; an invitation the home answered "Not a fit" no longer counts as waiting for an answer. */
  const homesOf = (rows: readonly Row[], id: string, skipDeclined = false) =>
    new Set(rows.filter((r) => r.referral_id === id && !(skipDeclined && declined.has(`${id}:${r.operator_id}`))).map((r) => r.operator_id)).size
  for (const r of list) {
    const own = payments.filter((p) => p.referral_id === r.id)
    const decline = operatorId ? declines.find((d) => d.referral_id === r.id) : undefined
    facts.set(r.id, {
      status: r.status,
      close_outcome: r.close_outcome,
      matched: homesOf(matches, r.id),
      invited: homesOf(invites, r.id, true),
      interested: homesOf(interests, r.id),
      waitlisted: homesOf(waits, r.id),
      unlocked: new Set(own.map((p) => p.operator_id)).size,
      placement_reported: own.filter((p) => p.status === 'held_in_escrow' && p.operator_confirmation === 'placed' && !p.referrer_confirmation).length,
      declined_reason: decline ? DECLINE_REASON_LABELS[decline.reason as DeclineReason] : null,
    })
  }
  return facts
}

/** The state of each listed referral as its referrer sees it. */
export async function referralStates(db: Executor, list: readonly Referral[]) {
  const facts = await referralFactsOf(db, list, null)
  return new Map([...facts].map(([id, f]) => [id, referralState(f)]))
}
