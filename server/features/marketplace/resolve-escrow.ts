import { z } from 'zod'
import type { Executor } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import type { Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { validationError } from '../../lib/validate'
import { releaseEscrow, refundEscrow } from './escrow-outcomes'
import { escrowView } from './referral-escrow'

export const REASON_REQUIRED = 'A reason is required'

/** Shared by the admin route's validator and this service (messages exist once). */
export const resolveEscrowSchema = z.object({
  action: z.enum(['release', 'refund'], { error: 'Please choose release or refund' }),
  reason: z
    .string({ error: REASON_REQUIRED })
    .trim()
    .min(1, REASON_REQUIRED)
    .max(1000, 'Reason must be less than 1000 characters'),
})
export type ResolveEscrowInput = z.input<typeof resolveEscrowSchema>

/**
 * An admin releases a held payment to the referrer or refunds it to the
 * operator, with a reason. Used by
 * POST /api/admin/escrow/:payment_id and the CLI. One transaction: the
 * payment's status, the payout owed or the hand-over of the slot, the e-mails
 * and the audit row (actor, reason); a Stripe refund is sent after commit.
 *
 * Errors: 422 (no reason / bad action), 404 unknown payment,
 * 409 `escrow_not_held` when it was already decided.
 */
export async function resolveEscrow(db: Executor, opts: { paymentId: string; action: 'release' | 'refund'; reason: string; actor: Actor }) {
  const parsed = resolveEscrowSchema.safeParse({ action: opts.action, reason: opts.reason })
  if (!parsed.success) throw validationError(parsed.error.issues)
  const { action, reason } = parsed.data
  const escrow = await transaction(db, async (tx) => {
    const outcome = { actor: opts.actor, now: clock.now(), resolvedBy: opts.actor.id ?? opts.actor.label, reason }
    if (action === 'release') await releaseEscrow(tx, opts.paymentId, outcome)
    else await refundEscrow(tx, opts.paymentId, outcome)
    return (await escrowView(tx, opts.paymentId))!
  })
  return {
    message: action === 'release' ? 'Escrow released to the referrer' : 'Payment refunded to the operator',
    escrow,
  }
}
