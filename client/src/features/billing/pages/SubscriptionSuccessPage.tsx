import { CheckCircle2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { ButtonLink } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { Spinner } from '../../../components/ui/spinner'
import { useConfig } from '../../../lib/config'
import { usePageTitle } from '../../../lib/use-page-title'
import { useAuth } from '../../auth'

/** Stripe (or the offline page) needs a moment to tell the server: refresh after 2 s. */
const REFRESH_DELAY_MS = 2000

/** /subscription-success?session_id=...: the page checks the subscription once, whatever the session. */
export function SubscriptionSuccessPage() {
  usePageTitle('Welcome to Premium!')
  const config = useConfig()
  const { user, subscription, refreshSubscription } = useAuth()
  const [state, setState] = useState<'waiting' | 'done'>('waiting')

  useEffect(() => {
    let cancelled = false
    const timer = setTimeout(async () => {
      try {
        await refreshSubscription()
      } catch {
        // A failed check falls back to the free view silently.
      }
      if (!cancelled) setState('done')
    }, REFRESH_DELAY_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
    // Runs once per visit: refreshSubscription is stable (the provider's useCallback).
  }, [refreshSubscription])

  const trialDays = config?.trial_days ?? 30
  const price = config?.premium_price ?? '$30'
  const confirmed = !!subscription?.subscribed

  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <Card>
        <CardContent className="space-y-5 py-10 text-center">
          <CheckCircle2 className="mx-auto h-14 w-14 text-brand-700" aria-hidden="true" />
          <h1 className="text-3xl font-bold text-slate-900">Welcome to Premium!</h1>
          <p className="text-slate-700">
            {state === 'done' && subscription?.status === 'active'
              ? `Your Premium subscription is active: ${price}/month — cancel anytime.`
              : `Your ${trialDays}-day free trial has started. After the trial, Premium is ${price}/month — cancel anytime.`}
          </p>
          {state === 'waiting' ? (
            <Spinner label="Activating your subscription..." className="py-2" />
          ) : user && !confirmed ? (
            <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              Your payment is still being confirmed. It can take a minute: use Refresh on your dashboard's subscription card.
            </p>
          ) : (
            <p role="status" className="text-sm text-slate-600">
              Unlimited properties, photos and videos, tour scheduling, analytics and referral browsing are now unlocked.
            </p>
          )}
          <div className="flex flex-wrap justify-center gap-3 pt-2">
            <ButtonLink to="/">Go to Dashboard</ButtonLink>
            <ButtonLink to="/browse" variant="outline">
              Browse Properties
            </ButtonLink>
          </div>
        </CardContent>
      </Card>
    </div>
  )
}
