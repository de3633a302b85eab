import { useQuery } from '@tanstack/react-query'
import { cn } from '../../../lib/cn'
import { myPayoutsQuery } from '../api/payouts'
import { payoutSentence } from '../payout-text'

/** Beside a placed referral: where its referral fee stands (nothing when no fee was released for it). */
export function ReferralPayout({ referralId, className }: { referralId: string; className?: string }) {
  const payouts = useQuery(myPayoutsQuery)
  const mine = payouts.data?.items.filter((p) => p.referral_id === referralId) ?? []
  if (mine.length === 0) return null
  return (
    <div className={cn('rounded-md border border-slate-200 bg-slate-50 p-3 text-sm', className)} data-testid="referral-payout">
      {mine.map((p) => (
        <p key={p.id}>
          {payoutSentence(p)}{' '}
          {p.state === 'awaiting_details' && (
            <a href="#payouts" className="font-medium text-brand-800 underline">
              Give payout details
            </a>
          )}
        </p>
      ))}
    </div>
  )
}
