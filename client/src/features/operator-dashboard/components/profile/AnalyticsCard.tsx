import { useQuery } from '@tanstack/react-query'
import { Crown, TrendingDown, TrendingUp } from 'lucide-react'
import { useEffect } from 'react'
import { toast } from '../../../../lib/toast'
import { Button } from '../../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card'
import { LazyBarChart } from '../../../../components/charts/LazyBarChart'
import { Spinner } from '../../../../components/ui/spinner'
import { useAuth } from '../../../auth'
import { analyticsQuery, type Analytics } from '../../api/dashboard'

function Trend({ percent }: { percent: number | null }) {
  if (percent === null) return <span className="text-sm text-slate-600">New this period</span>
  const up = percent >= 0
  const Icon = up ? TrendingUp : TrendingDown
  return (
    <span className={up ? 'inline-flex items-center gap-1 text-sm text-green-800' : 'inline-flex items-center gap-1 text-sm text-red-700'}>
      <Icon className="h-4 w-4" aria-hidden="true" /> {up ? '+' : ''}
      {percent}% vs previous 30 days
    </span>
  )
}

/** Daily views as a real chart (axes, values) with the figures in a table for screen readers. */
function DailyChart({ daily }: { daily: Analytics['daily'] }) {
  const total = daily.reduce((s, d) => s + d.views, 0)
  return (
    <LazyBarChart
      data={daily.map((d) => ({ label: d.date.slice(5), value: d.views }))}
      caption={`Daily profile views over the last 30 days (${total} in total), ${daily[0]?.date ?? ''} to ${daily.at(-1)?.date ?? ''}`}
      valueLabel="Views"
      height={180}
    />
  )
}

/** Profile analytics (premium; free operators see the upgrade prompt). */
export function AnalyticsCard({ onUpgrade }: { onUpgrade: (reason: string) => void }) {
  const { subscription } = useAuth()
  const premium = !!subscription?.subscribed
  const analytics = useQuery({ ...analyticsQuery, enabled: premium })
  useEffect(() => {
    if (analytics.isError) toast.error('Failed to load analytics')
  }, [analytics.isError])

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Analytics</CardTitle>
      </CardHeader>
      <CardContent>
        {!premium ? (
          <div className="space-y-3 text-sm text-slate-700">
            <p>See who views your profile, where they come from and how your messaging is going with Premium.</p>
            <Button size="sm" onClick={() => onUpgrade('Profile analytics are a Premium feature.')}>
              <Crown className="h-4 w-4" aria-hidden="true" /> Upgrade to Premium
            </Button>
          </div>
        ) : analytics.isPending ? (
          <Spinner label="Loading analytics..." />
        ) : analytics.isError ? (
          <p className="text-red-700">Failed to load analytics</p>
        ) : (
          <div className="space-y-5">
            <dl className="grid gap-4 sm:grid-cols-2">
              <div className="rounded-lg bg-slate-50 p-3">
                <dt className="text-sm text-slate-600">Profile Views (30 days)</dt>
                <dd className="text-2xl font-bold text-slate-900">{analytics.data.views}</dd>
                <dd>
                  <Trend percent={analytics.data.trend_percent} />
                </dd>
              </div>
              <div className="rounded-lg bg-slate-50 p-3">
                <dt className="text-sm text-slate-600">Messages Sent (30 days)</dt>
                <dd className="text-2xl font-bold text-slate-900">{analytics.data.messages_sent}</dd>
              </div>
            </dl>
            <DailyChart daily={analytics.data.daily} />
            <div>
              <h4 className="mb-2 text-sm font-semibold text-slate-900">Top referrer sources</h4>
              <ol className="space-y-1 text-sm">
                {analytics.data.top_sources.map((s) => (
                  <li key={s.source} className="flex justify-between">
                    <span>{s.source}</span>
                    <span className="text-slate-600">{s.views}</span>
                  </li>
                ))}
              </ol>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
