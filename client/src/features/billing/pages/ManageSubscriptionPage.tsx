import { useQuery } from '@tanstack/react-query'
import { CreditCard } from 'lucide-react'
import { useState } from 'react'
import { toast } from '../../../lib/toast'
import { Badge } from '../../../components/ui/badge'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Dialog } from '../../../components/ui/dialog'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api'
import { money, shortDate } from '../../../lib/format'
import { useAuth } from '../../auth'
import { useBillingActions } from '../api/billing-actions'
import { manageQuery, type ManageView } from '../api/billing'
import { useCancelSubscription } from '../api/cancel-subscription'

const STATUS_LABEL: Record<string, string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment past due',
  canceled: 'Cancelled',
  incomplete: 'Incomplete',
  none: 'Free plan',
}

/**
 * /billing/manage — the built-in subscription page (offline payments, or when
 * the Stripe portal is not available): plan, trial end or next billing date,
 * and cancellation.
 */
export function ManageSubscriptionPage() {
  const manage = useQuery(manageQuery)
  const cancellation = useCancelSubscription()
  const { refreshSubscription } = useAuth()
  const actions = useBillingActions()
  const [confirming, setConfirming] = useState(false)
  // Busy until the plan in the header is refreshed too, not only during the request.
  const [cancelling, setCancelling] = useState(false)

  const cancel = async () => {
    setCancelling(true)
    try {
      const result = await cancellation.mutateAsync()
      await refreshSubscription().catch(() => undefined)
      toast.success('Subscription cancelled', { description: result.message })
      setConfirming(false)
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to cancel the subscription. Please try again.'))
    } finally {
      setCancelling(false)
    }
  }

  if (manage.isPending) return <Spinner label="Loading subscription..." />
  if (manage.isError)
    return (
      <Page title="Manage Subscription" className="max-w-2xl">
        <p role="alert" className="text-red-700">
          Failed to load your subscription.
        </p>
      </Page>
    )

  const view = manage.data
  return (
    <Page title="Manage Subscription" subtitle="Your plan and billing" className="max-w-2xl">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex flex-wrap items-center gap-2">
            <CreditCard className="h-5 w-5 text-brand-700" aria-hidden="true" />
            {view.plan === 'premium' ? 'Premium Plan' : 'Free Plan'}
            <PlanBadge view={view} />
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-5">
          <Details view={view} />

          {view.provider === 'offline' && view.paid && (
            <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
              Payments run offline on this server: no card is charged for this subscription.
            </p>
          )}

          <div className="flex flex-wrap gap-3">
            {view.portal_available && (
              <Button variant="outline" onClick={actions.manage} disabled={actions.busy}>
                Open Stripe Customer Portal
              </Button>
            )}
            {view.can_cancel && (
              <Button variant="destructive" onClick={() => setConfirming(true)}>
                Cancel subscription
              </Button>
            )}
            {view.plan === 'free' && <ButtonLink to="/pricing">View Plans</ButtonLink>}
            <ButtonLink to="/operator-dashboard" variant="ghost">
              Back to Dashboard
            </ButtonLink>
          </div>
        </CardContent>
      </Card>

      <Dialog
        open={confirming}
        onOpenChange={(open) => !cancelling && setConfirming(open)}
        title="Cancel your subscription?"
        description={
          view.status === 'trialing' && view.provider === 'offline'
            ? 'Your free trial ends now and your account returns to the Free plan.'
            : `Premium stays active until ${view.next_billing_date ? shortDate(view.next_billing_date) : 'the end of the period'}; then your account returns to the Free plan.`
        }
      >
        <p className="text-sm text-slate-700">
          Nothing is deleted: extra properties, photos and videos are hidden from the public and come back when you upgrade again.
        </p>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={cancelling}>
            Keep subscription
          </Button>
          <Button variant="destructive" onClick={cancel} disabled={cancelling}>
            {cancelling ? 'Cancelling...' : 'Yes, cancel subscription'}
          </Button>
        </div>
      </Dialog>
    </Page>
  )
}

function PlanBadge({ view }: { view: ManageView }) {
  if (view.is_admin) return <Badge tone="purple">Unlimited Access</Badge>
  if (view.is_complimentary) return <Badge tone="brand">Complimentary Premium</Badge>
  if (view.cancel_at_period_end) return <Badge tone="amber">Ends {view.ends_at ? shortDate(view.ends_at) : ''}</Badge>
  if (!view.paid) return null
  return <Badge tone={view.status === 'past_due' ? 'red' : view.status === 'trialing' ? 'blue' : 'green'}>{STATUS_LABEL[view.status] ?? view.status}</Badge>
}

function Details({ view }: { view: ManageView }) {
  const rows: Array<[string, string]> = []
  if (view.paid) {
    rows.push(['Price', `${money(view.price_cents)}/month`])
    rows.push(['Status', STATUS_LABEL[view.status] ?? view.status])
    if (view.trial_ends_at) rows.push(['Trial ends', shortDate(view.trial_ends_at)])
    if (view.next_billing_date) rows.push(['Next billing date', shortDate(view.next_billing_date)])
    if (view.ends_at) rows.push(['Premium ends', shortDate(view.ends_at)])
  } else if (view.is_admin) {
    rows.push(['Access', 'Site owner account: every Premium feature, no subscription needed.'])
  } else if (view.is_complimentary) {
    rows.push(['Access', 'Complimentary Premium from the Homeward team. Nothing to pay.'])
  } else {
    rows.push(['Price', '$0/month'])
    rows.push(['Status', 'You are on the Free plan.'])
  }
  return (
    <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 p-3">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-right font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
