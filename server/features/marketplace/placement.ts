import { and, eq } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { properties, referral_payments, referrals } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { conflict, forbidden, invalid, notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { notify } from '../notifications'
import { releaseEscrow, refundEscrow } from './escrow-outcomes'
import { REFERRAL_NOT_FOUND } from './marketplace-access'
import { escrowView } from './referral-escrow'
import { operatorHasUnmaskedAccess } from '../referrals'
import { isAdmin } from '../auth'

export type PlacementOutcome = 'released' | 'refunded' | 'awaiting' | 'disagreement'

export const NO_ESCROW_MESSAGE = 'There is no payment held in escrow for this referral'

/**
 * POST /api/referrals/:id/placement {placed, property_id?}: the referrer and
 * the operator holding the escrow each say whether the client was placed.
 * Both placed → released to the referrer; both not placed →
 * refunded at once and the slot passes on; a disagreement waits for an admin.
 * Either side may change their answer until the escrow is decided.
 * The operator may name the home (one of theirs) where the client moved in;
 * with a single active home it is taken by default. The referral, the held
 * payment and the answers already given are read in the transaction that
 * records the new answer (locked), so two answers at once cannot both miss
 * that the other side agreed.
 */
export async function confirmPlacement(db: Executor, opts: {
  referralId: string
  userId: string
  placed: boolean
  propertyId?: string | null
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
    const isReferrer = !!referral.referrer_user_id && referral.referrer_user_id === opts.userId
    const isHolder = payment?.operator_id === opts.userId
    if (!isReferrer && !isHolder) {
      // Whoever cannot see the referral learns nothing about it, not even that it has a payment.
      const canSee = (await isAdmin(tx, opts.userId)) || (await operatorHasUnmaskedAccess(tx, referral.id, opts.userId))
      if (!canSee) throw notFound(REFERRAL_NOT_FOUND)
      throw forbidden('Only the referrer and the operator holding the escrow can confirm the placement')
    }
    if (!payment) throw conflict('no_escrow', NO_ESCROW_MESSAGE)

    const answer = opts.placed ? ('placed' as const) : ('not_placed' as const)
    if (isHolder && opts.placed) {
      const home = await chooseHome(tx, payment.operator_id, opts.propertyId)
      if (home) await tx.update(referrals).set({ matched_property_id: home }).where(eq(referrals.id, referral.id))
    }
    const updated = (
      await tx
        .update(referral_payments)
        .set({
          ...(isReferrer ? { referrer_confirmation: answer } : {}),
          ...(isHolder ? { operator_confirmation: answer } : {}),
        })
        .where(eq(referral_payments.id, payment.id))
        .returning()
    )[0]!
    await writeAudit(tx, opts.actor, {
      action: 'escrow.placement_confirmed',
      resource_type: 'referral_payment',
      resource_id: payment.id,
      details: { referral_id: referral.id, side: isReferrer && isHolder ? 'both' : isReferrer ? 'referrer' : 'operator', answer },
    })

    let outcome: PlacementOutcome
    const both = { actor: opts.actor, now, resolvedBy: 'placement', reason: null }
    if (updated.referrer_confirmation === 'placed' && updated.operator_confirmation === 'placed') {
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
        await notify(tx, other, {
          type: 'placement_confirmation',
          title: isReferrer ? 'The referrer answered about the placement' : 'The operator answered about the placement',
          body: `They said the client was ${opts.placed ? 'placed' : 'not placed'}. Please confirm from your dashboard.`,
          link: isReferrer ? '/browse-referrals' : '/referrer-dashboard',
        })
      }
    }
    // The payment was read in this transaction: its view exists.
    return { outcome, escrow: (await escrowView(tx, payment.id))! }
  })
}

async function chooseHome(tx: Tx, operatorId: string, propertyId: string | null | undefined) {
  if (propertyId) {
    const [own] = await forUpdate(
      tx
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.id, propertyId), eq(properties.operator_id, operatorId)))
        .limit(1),
    )
    if (!own) throw invalid('Please choose one of your homes', { property_id: 'Please choose one of your homes' })
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
