import { useQuery } from '@tanstack/react-query'
import { formatDistanceStrict } from 'date-fns'
import { Download } from 'lucide-react'
import { useState } from 'react'
import { toast } from '../../../lib/toast'
import { LazyBarChart } from '../../../components/charts/LazyBarChart'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Spinner } from '../../../components/ui/spinner'
import { adminQueries } from '../api/admin-api'
import { useDownloadCsv } from '../api/download-csv'

const duration = (ms: number | null) => (ms == null ? 'no data yet' : formatDistanceStrict(0, ms))

/**
 * The placement funnel for referrals submitted in the last 30 or
 * 90 days: stages, median times and decline reasons, as charts with axes
 * and values (a table behind each for screen readers) and as CSV.
 */
export function FunnelCard() {
  const [days, setDays] = useState<30 | 90>(30)
  const funnel = useQuery(adminQueries.funnel(days))
  const exportCsv = useDownloadCsv()
  const f = funnel.data
  return (
    <Card className="mt-6">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle as="h2">Placement funnel</CardTitle>
        <div className="flex flex-wrap items-center gap-2">
          <fieldset className="inline-flex rounded-md border border-slate-300 p-0.5">
            <legend className="sr-only">Period</legend>
            {([30, 90] as const).map((d) => (
              <button
                key={d}
                type="button"
                aria-pressed={days === d}
                onClick={() => setDays(d)}
                className={`rounded px-3 py-1 text-sm font-medium ${days === d ? 'bg-teal-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
              >
                Last {d} days
              </button>
            ))}
          </fieldset>
          <Button size="sm" variant="outline" onClick={() => exportCsv.mutate(`/admin/funnel.csv?days=${days}`, { onError: () => toast.error('Failed to export CSV') })} disabled={exportCsv.isPending}>
            <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {funnel.isPending ? (
          <Spinner label="Loading funnel" />
        ) : !f ? (
          <p className="text-red-700">Failed to load the funnel</p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-900">Referrals submitted in the last {f.days} days</h3>
              <LazyBarChart data={f.stages.map((s) => ({ label: s.label, value: s.count }))} caption={`Placement funnel, last ${f.days} days`} valueLabel="Referrals" />
              <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
                <div>
                  <dt className="text-slate-600">Median time to first response</dt>
                  <dd className="font-semibold text-slate-900">{duration(f.median_first_response_ms)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Median time to placement</dt>
                  <dd className="font-semibold text-slate-900">{duration(f.median_placement_ms)}</dd>
                </div>
              </dl>
            </div>
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-900">Decline reasons</h3>
              <LazyBarChart
                data={f.decline_reasons.map((r) => ({ label: r.label, value: r.count }))}
                caption={`Why homes answered "Not a fit", last ${f.days} days`}
                valueLabel="Declines"
                layout="vertical"
                color="#b45309"
                height={260}
              />
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
