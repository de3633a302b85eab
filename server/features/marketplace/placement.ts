import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { forUpdate, nullsLast } from '../../db/dialect'
import { properties, referral_payments, referrals } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { conflict, forbidden, invalid, notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { mailIfWanted, notify } from '../notifications'
import { refundDeclinedPayment, releaseEscrow, refundEscrow } from './escrow-outcomes'
import { displayName, REFERRAL_NOT_FOUND } from './marketplace-access'
import { templates } from '../../mail/templates'
import { escrowView } from './referral-escrow'
import { answerLinkPath, createPlacementAnswerLink } from './placement-answer-token'
import { operatorHasUnmaskedAccess, touchTask } from '../referrals'
import { isAdmin } from '../auth'
import { recipientLocale } from '../../mail/recipient'

export type PlacementOutcome = 'released' | 'refunded' | 'declined' | 'awaiting' | 'disagreement'

/** A named home must be the escrow holder's: the operator names one of theirs, the referrer one of the operator's. */
export const NOT_YOUR_HOME = 'marketplace.notYourHome'
export const NOT_THEIR_HOME = 'marketplace.notTheirHome'

export const NO_ESCROW_MESSAGE = 'marketplace.noEscrow'

/**
 * POST /api/referrals/:id/placement {placed, property_id?}: the referrer and
 * the operator holding the escrow each say whether the client was placed.
 * Both placed → released to the referrer; both not placed →
 * refunded at once and the slot passes on; a disagreement waits for an admin.
 * Either side may change their answer until the escrow is decided; the same
 * answer again (a double click, a retry) changes nothing and tells no one.
 * Either side may name the home (one of the holder's) where the client moved
 * in; for the holder, a single active home is taken by default. The referral, the held
 * payment and the answers already given are read in the transaction that
 * records the new answer (locked), so two answers at once cannot both miss
 * that the other side agreed; the lock on the referral's row also makes
 * concurrent repeats of one answer wait, so the second sees the first.
 */
export async function confirmPlacement(db: Executor, opts: {
  referralId: string
  userId: string
  placed: boolean
  propertyId?: string | null
  /** The referrer confirms the placement and declines the payment (it then goes back to the operator). */
  declinePayment?: boolean
  actor: Actor
}) {
  return transaction(db, async (tx) => {
    const now = clock.now()
    const [referral] = await forUpdate(tx.select().from(referrals).where(eq(referrals.id, opts.referralId)).limit(1))
    if (!referral) throw notFound(REFERRAL_NOT_FOUND)
    const [payment] = await forUpdate(
      tx
        .select()
        .from(referral_payments)
        .where(and(eq(referral_payments.referral_id, referral.id), eq(referral_payments.status, 'held_in_escrow')))
        .limit(1),
    )
    const answer = opts.placed ? ('placed' as const) : ('not_placed' as const)
    const isReferrer = !!referral.referrer_user_id && referral.referrer_user_id === opts.userId
    if (!payment) {
      // A repeat of the answer that decided the escrow (the other click of a double click) is answered as the first was.
      const decided = await sameDecidedAnswer(tx, { referralId: referral.id, userId: opts.userId, isReferrer, answer })
      if (decided) return decided
    }
    const isHolder = payment?.operator_id === opts.userId
    if (!isReferrer && !isHolder) {
      // Whoever cannot see the referral learns nothing about it, not even that it has a payment.
      const canSee = (await isAdmin(tx, opts.userId)) || (await operatorHasUnmaskedAccess(tx, referral.id, opts.userId))
      if (!canSee) throw notFound(REFERRAL_NOT_FOUND)
      throw forbidden('marketplace.onlyReferrerOperatorHoldingEscrow')
    }
    if (!payment) throw conflict('no_escrow', NO_ESCROW_MESSAGE)

    // The holder's home, named or their only active one; the referrer's only when named.
    const home = opts.placed && (isHolder || opts.propertyId) ? await chooseHome(tx, payment.operator_id, opts.propertyId, isHolder ? NOT_YOUR_HOME : NOT_THEIR_HOME) : null
    // Only the referrer's "placed" can decline the payment; any other answer of hers takes the decline back.
    const declined = isReferrer ? opts.placed && !!opts.declinePayment : payment.referrer_declined_payment
    const unchanged =
      (!isReferrer || (payment.referrer_confirmation === answer && payment.referrer_declined_payment === declined)) &&
      (!isHolder || payment.operator_confirmation === answer) &&
      (!home || home === referral.matched_property_id)
    // One answer, one record and one notification, however many times it is sent.
    if (unchanged) return { outcome: pendingOutcome(payment), escrow: (await escrowView(tx, payment.id))! }
    if (home) await tx.update(referrals).set({ matched_property_id: home }).where(eq(referrals.id, referral.id))
    const updated = (
      await tx
        .update(referral_payments)
        .set({
          ...(isReferrer ? { referrer_confirmation: answer, referrer_declined_payment: declined } : {}),
          ...(isHolder ? { operator_confirmation: answer } : {}),
        })
        .where(eq(referral_payments.id, payment.id))
        .returning()
    )[0]!
    await writeAudit(tx, opts.actor, {
      action: 'escrow.placement_confirmed',
      resource_type: 'referral_payment',
      resource_id: payment.id,
      details: { referral_id: referral.id, side: isReferrer && isHolder ? 'both' : isReferrer ? 'referrer' : 'operator', answer, ...(isReferrer && declined ? { payment: 'declined' } : {}) },
    })

    let outcome: PlacementOutcome
    const both = { actor: opts.actor, now, resolvedBy: 'placement', reason: null }
    if (updated.referrer_confirmation === 'placed' && updated.operator_confirmation === 'placed' && updated.referrer_declined_payment) {
      await refundDeclinedPayment(tx, payment.id, both)
      outcome = 'declined'
    } else if (updated.referrer_confirmation === 'placed' && updated.operator_confirmation === 'placed') {
      await releaseEscrow(tx, payment.id, { ...both, reason: 'Both parties confirmed the placement' })
      outcome = 'released'
    } else if (updated.referrer_confirmation === 'not_placed' && updated.operator_confirmation === 'not_placed') {
      await refundEscrow(tx, payment.id, { ...both, reason: 'Both parties confirmed there was no placement' })
      outcome = 'refunded'
    } else if (updated.referrer_confirmation && updated.operator_confirmation) {
      outcome = 'disagreement'
    } else {
      outcome = 'awaiting'
      const other = isReferrer ? payment.operator_id : referral.referrer_user_id
      if (other) {
        const to = (await displayName(tx, other))
        if (to.email) {
          await mailIfWanted(tx, {
            user_id: other,
            topic: 'placement',
            email: {
              to: to.email,
              referral_id: referral.id,
              ...templates.placementAnswerNeeded({
                name: to.first_name ?? '',
                audience: isReferrer ? 'operator' : 'referrer',
                other_said_placed: opts.placed,
                hold_until: payment.escrow_hold_until ?? now,
                path: answerLinkPath(await createPlacementAnswerLink(tx, { payment_id: payment.id, user_id: other, expires_at: payment.escrow_hold_until ?? now })),
              }, await recipientLocale(tx, other)),
            },
          })
        }
        await notify(tx, other, {
          type: 'placement_confirmation',
          title: isReferrer ? 'The referrer answered about the placement' : 'The operator answered about the placement',
          body: `They said the client was ${opts.placed ? 'placed' : 'not placed'}. Please confirm from your dashboard.`,
          link: isReferrer ? '/browse-referrals' : referralOnDashboard(referral.id),
        })
      }
    }
    await touchTask(tx, referral.id)
    // The payment was read in this transaction: its view exists.
    return { outcome, escrow: (await escrowView(tx, payment.id))! }
  })
}

/** The outcome of a held payment's answers as they stand (both agreeing would have decided it). */
function pendingOutcome(p: { referrer_confirmation: string | null; operator_confirmation: string | null }): PlacementOutcome {
  return p.referrer_confirmation && p.operator_confirmation ? 'disagreement' : 'awaiting'
}

/** The caller's last decided payment on this referral, if their answer on it was this one. */
async function sameDecidedAnswer(tx: Tx, o: { referralId: string; userId: string; isReferrer: boolean; answer: 'placed' | 'not_placed' }) {
  const [last] = await tx
    .select()
    .from(referral_payments)
    .where(
      and(
        eq(referral_payments.referral_id, o.referralId),
        inArray(referral_payments.status, ['released_to_referrer', 'refunded']),
        ...(o.isReferrer ? [] : [eq(referral_payments.operator_id, o.userId)]),
      ),
    )
    .orderBy(nullsLast(desc(referral_payments.resolved_at)), desc(referral_payments.id))
    .limit(1)
  if ((o.isReferrer ? last?.referrer_confirmation : last?.operator_confirmation) !== o.answer) return null
  const outcome: PlacementOutcome = last!.status === 'released_to_referrer' ? 'released' : last!.resolved_by === 'referrer_declined' ? 'declined' : 'refunded'
  return { outcome, escrow: (await escrowView(tx, last!.id))! }
}

/** The referrer's dashboard opened at one referral's card (its placement answer). */
export const referralOnDashboard = (referralId: string) => `/referrer-dashboard?referral=${encodeURIComponent(referralId)}`

/** One of the escrow holder's homes: the one named (refused if not theirs), else their only active home. */
async function chooseHome(tx: Tx, operatorId: string, propertyId: string | null | undefined, notTheirs: string) {
  if (propertyId) {
    const [own] = await forUpdate(
      tx
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.id, propertyId), eq(properties.operator_id, operatorId)))
        .limit(1),
    )
    if (!own) throw invalid(notTheirs, { property_id: notTheirs })
    return own.id
  }
  const active = await forUpdate(
    tx
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.operator_id, operatorId), eq(properties.is_active, true)))
      .limit(2),
  )
  return active.length === 1 ? active[0]!.id : null
}
