import type { Executor } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import { notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { fulfilmentFor, type CheckoutSummary } from '../../payments/fulfilment'
import { paymentsOffline } from '../../payments/stripe'
import type { CurrentUser } from '../../types'

/**
 * The built-in offline checkout page (no STRIPE_SECRET_KEY): it says no card
 * is charged and lets the signed-in owner complete or cancel. Completion goes
 * through the same fulfilment as a Stripe webhook. With Stripe configured the
 * page does not exist, so nothing can be had for free.
 *
 * Completing and cancelling check the owner (`describe`) inside the same
 * transaction as the write: what decides the completion is read with its `tx`.
 */
function offlineFulfilment(kind: string) {
  const fulfilment = paymentsOffline() ? fulfilmentFor(kind) : null
  if (!fulfilment) throw notFound('billing.checkoutNotFound')
  return fulfilment
}

export type OfflineCheckout = CheckoutSummary & { kind: string; id: string; offline: true }

/** What the page shows; 404 unless it is this user's open checkout. */
export async function describeOfflineCheckout(db: Executor, kind: string, id: string, user: CurrentUser): Promise<OfflineCheckout> {
  const summary = await offlineFulfilment(kind).describe(db, id, user)
  return { ...summary, kind, id, offline: true }
}

/** "Complete payment" on the offline page: fulfils the checkout (no card is charged). */
export async function completeOfflineCheckout(db: Executor, kind: string, id: string, user: CurrentUser, actor: Actor) {
  const fulfilment = offlineFulfilment(kind)
  await transaction(db, async (tx) => {
    const summary = await fulfilment.describe(tx, id, user)
    await fulfilment.complete(tx, id, { provider: 'offline' })
    await writeAudit(tx, actor, {
      action: 'checkout.completed_offline',
      resource_type: kind,
      resource_id: id,
      details: { amount_cents: summary.amount_cents },
    })
  })
  return { ok: true as const, kind, id }
}

/** "Cancel" on the offline page: the checkout is abandoned (frees whatever it held). */
export async function cancelOfflineCheckout(db: Executor, kind: string, id: string, user: CurrentUser) {
  const fulfilment = offlineFulfilment(kind)
  await transaction(db, async (tx) => {
    await fulfilment.describe(tx, id, user)
    await fulfilment.cancel(tx, id)
  })
  return { ok: true as const, kind, id }
}
