import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { properties, referrals } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { invalid, notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { touchTask } from '../referrals'
import { sendReviewRequest } from '../reviews'
import type { ReferralStatus } from './list-referrals'

/**
 * An admin sets a referral's status freely, optionally naming the
 * home it was matched to. Setting placed stamps placed_at and sends the
 * review request to the referrer, in the same transaction as the audit row
 * (action referral_status_changed, details.newStatus, the actor's IP).
 */
export async function updateReferralStatus(
  db: Executor,
  opts: {
    referralId: string
    status: ReferralStatus
    matchedPropertyId?: string | null
    actor: Actor
  },
) {
  return transaction(db, async (tx) => {
    const [referral] = await forUpdate(tx.select().from(referrals).where(eq(referrals.id, opts.referralId)).limit(1))
    if (!referral) throw notFound('errors.referralNotFound')
    const changes: Partial<typeof referrals.$inferInsert> = { status: opts.status }
    if (opts.matchedPropertyId !== undefined) {
      if (opts.matchedPropertyId === null) {
        changes.matched_property_id = null
      } else {
        const [property] = await forUpdate(
          tx
            .select({ id: properties.id, operator_id: properties.operator_id })
            .from(properties)
            .where(eq(properties.id, opts.matchedPropertyId))
            .limit(1),
        )
        if (!property) throw invalid('errors.propertyNotFound', { matched_property_id: 'errors.propertyNotFound'})
        changes.matched_property_id = property.id
        changes.matched_operator_id = property.operator_id
      }
    }
    const becomesPlaced = opts.status === 'placed' && referral.status !== 'placed'
    if (becomesPlaced) changes.placed_at = clock.now()
    if (opts.status !== 'placed') changes.placed_at = null
    const [updated] = await tx
      .update(referrals)
      .set(changes)
      .where(eq(referrals.id, referral.id))
      .returning({ id: referrals.id, status: referrals.status, placed_at: referrals.placed_at, matched_property_id: referrals.matched_property_id })
    await touchTask(tx, referral.id)
    await writeAudit(tx, opts.actor, {
      action: 'referral_status_changed',
      resource_type: 'referral',
      resource_id: referral.id,
      details: {
        newStatus: opts.status,
        previousStatus: referral.status,
        ...(opts.matchedPropertyId !== undefined ? { matchedPropertyId: changes.matched_property_id ?? null } : {}),
      },
    })
    if (becomesPlaced) await sendReviewRequest(tx, referral.id)
    return { ...updated!, review_request_sent: becomesPlaced }
  })
}
