import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { toast } from '../../../lib/toast'
import { Button } from '../../../components/ui/button'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { useAuth } from '../../auth'
import { browseReferralsQuery, browsingRefusal } from '../api/marketplace'
import { MarketplaceReferralCard } from '../components/MarketplaceReferralCard'
import { queryKeys } from '../../../lib/query-keys'

const SIGN_IN = 'Please sign in to browse referrals'
const SUBSCRIBE = 'Active subscription required to browse referrals'

/**
 * /browse-referrals: pending referrals for operators with an
 * active subscription. Signed out → /auth, no subscription → /pricing, each
 * with the product’s exact message; the server refuses both as well.
 */
export function BrowseReferralsPage() {
  const { user, subscription, loading } = useAuth()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const allowed = !loading && !!user && !!subscription?.subscribed
  const list = useInfiniteQuery({
    ...browseReferralsQuery,
    enabled: allowed,
    // While a payment is on its way (Stripe tells us by webhook), look again every few seconds.
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.items.some((i) => i.my.action === 'checkout_pending')) ? 5000 : false,
  })
  const redirected = useRef(false)

  const refusal = loading ? null : !user ? 'signed_out' : !subscription?.subscribed ? 'no_subscription' : browsingRefusal(list.error)
  useEffect(() => {
    if (!refusal || redirected.current) return
    redirected.current = true
    if (refusal === 'signed_out') {
      toast.error(SIGN_IN)
      navigate(`/auth?redirect=${encodeURIComponent('/browse-referrals')}`, { replace: true })
    } else {
      toast.error(SUBSCRIBE)
      navigate('/pricing', { replace: true })
    }
  }, [refusal, navigate])

  // Back from Stripe Checkout: the webhook unlocks the referral, usually within seconds.
  const returnedFrom = params.get('unlocked')
  useEffect(() => {
    if (!returnedFrom || !allowed) return
    toast.success('Payment received. The referral unlocks as soon as the payment is confirmed.')
    void queryClient.invalidateQueries({ queryKey: queryKeys.marketplace.all })
    setParams({}, { replace: true })
  }, [returnedFrom, allowed, queryClient, setParams])

  const items = list.data?.pages.flatMap((p) => p.items) ?? []
  return (
    <Page title="Browse Client Referrals" subtitle="Express interest in potential clients and unlock their full information">
      {loading || refusal || (allowed && list.isPending) ? (
        <Spinner label="Loading referrals..." />
      ) : list.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          <p>Failed to load referrals.</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => list.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-10 text-center text-slate-600">No referrals available at this time</p>
      ) : (
        <>
          <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            {items.map((item) => (
              <MarketplaceReferralCard key={item.id} item={item} />
            ))}
          </div>
          {list.hasNextPage && (
            <div className="mt-8 flex justify-center">
              <Button variant="outline" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? 'Loading...' : 'Load more referrals'}
              </Button>
            </div>
          )}
        </>
      )}
    </Page>
  )
}
