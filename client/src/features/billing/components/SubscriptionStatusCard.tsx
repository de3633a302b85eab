import { Crown, RefreshCw, Sparkles } from 'lucide-react'
import { useState } from 'react'
import { toast } from '../../../lib/toast'
import { MESSAGING_RULE } from '@server/features/billing/plans'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { shortDate } from '../../../lib/format'
import { useAuth } from '../../auth'
import { useBillingActions } from '../api/billing-actions'

const PREMIUM_UNLOCKS = [
  'Multiple property photos',
  'Detailed descriptions',
  'Tour scheduling system',
  'Priority in search results',
  'Direct messaging with referrers',
]

/** Loading, site owner (admin), and free/premium views. */
export function SubscriptionStatusCard() {
  const { user, isAdmin, subscription, loading, refreshSubscription } = useAuth()
  const actions = useBillingActions()
  const [refreshing, setRefreshing] = useState(false)
  if (!user) return null

  if (loading || !subscription) {
    return (
      <Card aria-busy="true">
        <CardContent className="py-6 text-slate-600">Loading subscription...</CardContent>
      </Card>
    )
  }

  if (isAdmin) {
    return (
      <Card className="border-purple-200 bg-purple-50">
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <Crown className="h-5 w-5 text-purple-700" aria-hidden="true" /> Site Owner Account
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Badge tone="purple">Unlimited Access</Badge>
        </CardContent>
      </Card>
    )
  }

  const refresh = async () => {
    setRefreshing(true)
    try {
      await refreshSubscription()
      toast.success('Refreshed', { description: 'Subscription status updated successfully' })
    } catch {
      toast.error('Failed to refresh subscription status.')
    } finally {
      setRefreshing(false)
    }
  }

  if (subscription.subscribed) {
    return (
      <Card className="border-brand-200 bg-brand-50">
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <Sparkles className="h-5 w-5 text-brand-700" aria-hidden="true" /> Premium Plan
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <div className="flex flex-wrap gap-2">
            <Badge tone="brand">{subscription.is_complimentary ? 'Complimentary Premium' : 'Premium Member'}</Badge>
            {subscription.status === 'trialing' && <Badge tone="blue">Free trial</Badge>}
            {subscription.status === 'past_due' && <Badge tone="red">Payment past due</Badge>}
          </div>
          {subscription.subscription_end && (
            <p className="text-sm text-slate-700">
              {subscription.cancel_at_period_end
                ? 'Premium ends'
                : subscription.status === 'trialing'
                  ? 'Trial ends'
                  : 'Next billing date'}
              : {shortDate(subscription.subscription_end)}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {!subscription.is_complimentary && (
              <Button size="sm" variant="outline" onClick={actions.manage} disabled={actions.busy}>
                Manage Subscription
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={refresh} disabled={refreshing}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" /> Refresh
            </Button>
          </div>
        </CardContent>
      </Card>
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Free Plan</CardTitle>
        <p className="text-sm text-slate-600">Upgrade to Premium to unlock:</p>
      </CardHeader>
      <CardContent className="space-y-3">
        <ul className="list-inside list-disc space-y-1 text-sm text-slate-700">
          {PREMIUM_UNLOCKS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="text-xs text-slate-600">{MESSAGING_RULE}</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={actions.upgrade} disabled={actions.busy}>
            30 Day Free Trial
          </Button>
          <Button size="sm" variant="ghost" onClick={refresh} disabled={refreshing}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> Refresh
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}
