import type { PayoutMethod } from '@server/db/enums'
import { calendarDate, money } from '../../lib/format'
import type { Payout } from './api/payouts'

/** Each method as a choice in a form. */
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  check: 'Check by mail',
  ach: 'Bank transfer (ACH)',
  other: 'Other',
}
/** Each method inside a sentence ("paid … by check by mail"). */
const METHOD_WORDS: Record<PayoutMethod, string> = {
  check: 'check by mail',
  ach: 'bank transfer (ACH)',
  other: 'another way',
}

/** Where one payout stands, in one sentence: the dashboard's line beside the referral and the payouts list say it the same way. */
export function payoutSentence(p: Payout) {
  const fee = `Referral fee ${money(p.amount_cents)}`
  if (p.state === 'paid' && p.paid_on && p.method) {
    return `${fee}: paid on ${calendarDate(p.paid_on)} by ${METHOD_WORDS[p.method]}, reference ${p.reference ?? '—'}.`
  }
  if (p.state === 'scheduled') return `${fee}: owed — scheduled. We will pay it to the payout details you gave.`
  return `${fee}: owed — waiting for your payout details.`
}
