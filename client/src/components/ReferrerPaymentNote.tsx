import { HandCoins } from 'lucide-react'
import { useConfig } from '../lib/config'
import { cn } from '../lib/cn'
import { REFERRAL_PAYMENT_POLICY, referrerPaymentText } from '../lib/referrer-payment'

/**
 * Where a referrer decides (sign-up, the referral form, the information
 * pages): Homeward is free for her, her client's placement can earn her the
 * home's unlock fee, which she may decline, and staff check their
 * organization's policy first.
 */
export function ReferrerPaymentNote({ className }: { className?: string }) {
  const config = useConfig()
  if (!config) return null
  return (
    <div role="note" aria-label="Referral payments" className={cn('flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950', className)}>
      <HandCoins className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p>
        {referrerPaymentText(config.unlock_fee_range)} {REFERRAL_PAYMENT_POLICY}
      </p>
    </div>
  )
}
