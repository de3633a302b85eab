import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Card, CardContent } from '../../../components/ui/card'
import { Spinner } from '../../../components/ui/spinner'
import { money } from '../../../lib/format'
import { useT } from '../../../lib/i18n'
import { adminQueries } from '../api/admin-api'
import { FunnelCard } from './FunnelCard'

/** Overview counts. A stats failure is only logged. */
export function OverviewTab() {
  const t = useT('admin')
  const stats = useQuery(adminQueries.stats())
  useEffect(() => {
    if (stats.error) console.error('Failed to load admin stats', stats.error)
  }, [stats.error])
  if (stats.isPending) return <Spinner label="Loading" />
  const s = stats.data
  const cards = [
    { label: 'Profiles', value: s?.profiles },
    { label: 'Properties', value: s?.properties },
    { label: 'Total referrals', value: s?.referrals },
    { label: 'Pending referrals', value: s?.pending_referrals },
    { label: 'Placed & paid', value: s?.placed_paid_referrals },
    // Unlock fees pass through escrow to referrers: named for what they are, not as Homeward's revenue.
    { label: t('overview.releasedToReferrers'), value: s ? money(s.released_to_referrers_cents) || '$0' : undefined, hint: t('overview.releasedToReferrersHint') },
  ]
  return (
    <>
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((c) => (
        <Card key={c.label}>
          <CardContent className="pt-5">
            <dl>
              <dt className="text-sm font-medium text-slate-600">{c.label}</dt>
              <dd className="mt-1 text-3xl font-bold text-slate-900">{c.value ?? '—'}</dd>
              {c.hint && <dd className="mt-1 text-xs text-slate-600">{c.hint}</dd>}
            </dl>
          </CardContent>
        </Card>
      ))}
    </div>
    <FunnelCard />
    </>
  )
}
