import type { payouts } from '../../db/schema'
import type { PAYOUT_STATES } from './payouts.responses'

type PayoutRow = Pick<typeof payouts.$inferSelect, 'id' | 'referral_id' | 'amount_cents' | 'status' | 'paid_on' | 'method' | 'reference' | 'created_at'>

/**
 * Where a payout stands for its referrer: paid; or owed, and then either
 * waiting for her payout details or scheduled (we have where to send it).
 * The one place this is decided: the dashboard, the admin's list and the
 * e-mails all read it from here.
 */
export function payoutState(status: 'owed' | 'paid', hasDetails: boolean): (typeof PAYOUT_STATES)[number] {
  if (status === 'paid') return 'paid'
  return hasDetails ? 'scheduled' : 'awaiting_details'
}

/** A payout as the API shows it. */
export const payoutView = (p: PayoutRow, hasDetails: boolean) => ({
  id: p.id,
  referral_id: p.referral_id,
  amount_cents: p.amount_cents,
  status: p.status,
  state: payoutState(p.status, hasDetails),
  paid_on: p.paid_on,
  method: p.method,
  reference: p.reference,
  created_at: p.created_at.toISOString(),
})
