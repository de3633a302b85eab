import { useQuery } from '@tanstack/react-query'
import { MessageSquare, Plus } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { ButtonLink } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { myReferralsQuery, referrerCountsQuery, type ReferrerCounts } from '../api/referrals'
import { ReferralCard } from '../components/ReferralCard'
import { RequestedTours } from '../../tours'
import { PayoutsSection } from '../../payouts'

const COUNT_CARDS: Array<[keyof ReferrerCounts, string]> = [
  ['total', 'Total Referrals'],
  ['pending', 'Pending'],
  ['matched', 'Matched'],
  ['placed', 'Placed'],
  // Closed with an outcome (placed elsewhere, no longer needed…) is not a cancellation.
  ['closed', 'Closed'],
  ['cancelled', 'Cancelled'],
]

/** /referrer-dashboard: counts, links, and the referrer's referrals. */
export function ReferrerDashboardPage() {
  const counts = useQuery(referrerCountsQuery)
  const list = useQuery(myReferralsQuery())
  // A notification about one referral links here with ?referral=<id>.
  const [params] = useSearchParams()
  const focused = params.get('referral')

  return (
    <Page
      title="Referrer Dashboard"
      subtitle="Track your referrals, documents and conversations with operators."
      actions={
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/submit-referral">
            <Plus className="h-4 w-4" aria-hidden="true" /> Submit New Referral
          </ButtonLink>
          <ButtonLink to="/my-referrals" variant="outline">
            <MessageSquare className="h-4 w-4" aria-hidden="true" /> Messages
          </ButtonLink>
        </div>
      }
    >
      <section aria-label="Referral counts" className="mb-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {COUNT_CARDS.map(([key, label]) => (
          <Card key={key}>
            <CardContent className="pt-5">
              {/* A term and its value: assistive technology reads the count with its label. */}
              <dl>
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="mt-1 text-3xl font-bold text-slate-900" data-testid={`count-${key}`}>
                  {counts.data ? counts.data[key] : '–'}
                </dd>
              </dl>
            </CardContent>
          </Card>
        ))}
      </section>

      <RequestedTours />

      <PayoutsSection />

      <h2 className="mb-4 text-xl font-semibold text-slate-900">Your Referrals</h2>
      {list.isPending ? (
        <Spinner label="Loading your referrals..." />
      ) : list.isError ? (
        <p role="alert" className="text-red-700">
          Failed to load your referrals
        </p>
      ) : list.data.items.length === 0 ? (
        <Card>
          <CardContent className="pt-5 text-center">
            <p className="text-slate-600">You haven't submitted any referrals yet.</p>
            <ButtonLink to="/submit-referral" className="mt-4">
              Submit a Referral
            </ButtonLink>
          </CardContent>
        </Card>
      ) : (
        <div className="space-y-4">
          {list.data.items.map((r) => (
            <ReferralCard key={r.id} referral={r} focused={r.id === focused} />
          ))}
        </div>
      )}
    </Page>
  )
}
