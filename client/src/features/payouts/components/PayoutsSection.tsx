import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { myPayoutDetailsQuery, myPayoutsQuery } from '../api/payouts'
import { PAYOUT_METHOD_LABELS, payoutSentence } from '../payout-text'
import { PayoutDetailsDialog } from './PayoutDetailsDialog'

/**
 * The referrer's Referral payments (her dashboard, #payouts): where she wants
 * her referral fees paid, and each payout's state. The e-mails and
 * notifications about a released fee link here.
 */
export function PayoutsSection() {
  const details = useQuery(myPayoutDetailsQuery)
  const payouts = useQuery(myPayoutsQuery)
  const [editing, setEditing] = useState(false)
  const current = details.data?.details ?? null
  // The e-mails and notifications link to /referrer-dashboard#payouts: bring the section into view once it has its content.
  const { hash } = useLocation()
  const section = useRef<HTMLElement>(null)
  const loaded = !details.isPending && !payouts.isPending
  useEffect(() => {
    if (hash === '#payouts' && loaded) section.current?.scrollIntoView({ block: 'start' })
  }, [hash, loaded])
  return (
    <section ref={section} id="payouts" aria-labelledby="payouts-title" className="mb-8 scroll-mt-20">
      <h2 id="payouts-title" className="mb-4 text-xl font-semibold text-slate-900">
        Referral payments
      </h2>
      <Card>
        <CardContent className="space-y-4 pt-5">
          <p className="text-sm text-slate-700">
            Homeward is free for you. When your client is placed and the placement is confirmed, the referral fee held in escrow is paid to you, to the payout
            details you give here.
          </p>
          <div className="flex flex-wrap items-start justify-between gap-3">
            {details.isPending ? (
              <p className="text-sm text-slate-600">Loading your payout details...</p>
            ) : details.isError ? (
              <p role="alert" className="text-sm text-red-700">
                Failed to load your payout details
              </p>
            ) : current ? (
              <dl className="text-sm">
                <dt className="sr-only">Method</dt>
                <dd className="font-medium text-slate-900">{PAYOUT_METHOD_LABELS[current.method]}</dd>
                <dt className="sr-only">Payee</dt>
                <dd className="text-slate-700">{current.payee_name}</dd>
                <dt className="sr-only">Details</dt>
                <dd className="whitespace-pre-wrap text-slate-700 wrap-anywhere">{current.details}</dd>
              </dl>
            ) : (
              <p className="text-sm text-slate-700">You have not given payout details yet.</p>
            )}
            {!details.isPending && !details.isError && (
              <Button variant={current ? 'outline' : 'primary'} size="sm" onClick={() => setEditing(true)}>
                {current ? 'Change payout details' : 'Give payout details'}
              </Button>
            )}
          </div>
          {payouts.data && payouts.data.items.length > 0 && (
            <ul className="space-y-1 border-t border-slate-200 pt-3 text-sm" aria-label="Your payouts">
              {payouts.data.items.map((p) => (
                <li key={p.id} data-testid={`payout-${p.id}`}>
                  {payoutSentence(p)}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {editing && <PayoutDetailsDialog current={current} open onOpenChange={setEditing} />}
    </section>
  )
}
