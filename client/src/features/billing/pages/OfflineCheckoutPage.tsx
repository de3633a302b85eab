import { useQuery } from '@tanstack/react-query'
import { ShieldAlert } from 'lucide-react'
import { useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { toast } from '../../../lib/toast'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError, errorMessage } from '../../../lib/api'
import { money } from '../../../lib/format'
import { useAuth } from '../../auth'
import { afterOfflineCheckout, offlineCheckoutQuery } from '../api/billing'
import { useFinishOfflineCheckout } from '../api/finish-offline-checkout'

/**
 * /pay/offline/:kind/:id — the built-in checkout used when Stripe is not
 * configured. It says plainly that no card is charged; completing
 * runs the same fulfilment as a Stripe payment.
 */
export function OfflineCheckoutPage() {
  const { kind = '', id = '' } = useParams()
  const navigate = useNavigate()
  const finishing = useFinishOfflineCheckout()
  const { refreshSubscription } = useAuth()
  const checkout = useQuery(offlineCheckoutQuery(kind, id))
  const [busy, setBusy] = useState<null | 'complete' | 'cancel'>(null)

  const finish = async (action: 'complete' | 'cancel') => {
    setBusy(action)
    try {
      await finishing.mutateAsync({ kind, id, action })
      if (kind === 'subscription') await refreshSubscription().catch(() => undefined)
      if (action === 'complete') toast.success('Payment completed', { description: 'Recorded on the offline payment page. No card was charged.' })
      else toast.info('Checkout cancelled', { description: 'Nothing was charged.' })
      navigate(afterOfflineCheckout(kind, action), { replace: true })
    } catch (error) {
      toast.error(errorMessage(error, action === 'complete' ? 'Failed to complete the payment. Please try again.' : 'Failed to cancel the checkout.'))
      setBusy(null)
    }
  }

  if (checkout.isPending) return <Spinner label="Loading checkout..." />
  if (checkout.isError) {
    const message =
      checkout.error instanceof ApiError && checkout.error.status !== 500
        ? checkout.error.message
        : 'Failed to load the checkout. Please try again.'
    return (
      <Page title="Checkout" heading="Checkout" className="max-w-2xl">
        <Card>
          <CardContent className="space-y-4 py-6">
            <p role="alert" className="text-slate-800">
              {message}
            </p>
            <ButtonLink to={afterOfflineCheckout(kind, 'cancel')} variant="outline">
              Go back
            </ButtonLink>
          </CardContent>
        </Card>
      </Page>
    )
  }

  const item = checkout.data
  const trial = item.recurring && (item.trial_days ?? 0) > 0
  return (
    <Page title="Offline payment" heading="Offline payment page" className="max-w-2xl">
      <div role="note" className="mb-6 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div className="space-y-1 text-sm">
          <p className="font-semibold">This is the offline payment page. No card is charged.</p>
          <p>
            Online card payments (Stripe) are not set up on this server. Completing here records the payment as if it had been paid,
            so you can use what you are buying right away.
          </p>
        </div>
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h2">{item.title}</CardTitle>
          <p className="text-slate-700">{item.description}</p>
        </CardHeader>
        <CardContent className="space-y-6">
          <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
            <div className="flex justify-between gap-4 p-3">
              <dt className="text-slate-600">{item.recurring ? 'Price' : 'Amount'}</dt>
              <dd className="font-medium text-slate-900">
                {money(item.amount_cents)}
                {item.recurring ? '/month' : ''}
              </dd>
            </div>
            {trial && (
              <div className="flex justify-between gap-4 p-3">
                <dt className="text-slate-600">Free trial</dt>
                <dd className="font-medium text-slate-900">{item.trial_days} days</dd>
              </div>
            )}
            <div className="flex justify-between gap-4 p-3">
              <dt className="text-slate-600">Due today</dt>
              <dd className="font-semibold text-slate-900">{trial ? money(0) : money(item.amount_cents)}</dd>
            </div>
          </dl>
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="outline" onClick={() => finish('cancel')} disabled={busy !== null}>
              {busy === 'cancel' ? 'Cancelling...' : 'Cancel'}
            </Button>
            <Button onClick={() => finish('complete')} disabled={busy !== null}>
              {busy === 'complete' ? 'Completing...' : 'Complete Payment'}
            </Button>
          </div>
        </CardContent>
      </Card>
    </Page>
  )
}
