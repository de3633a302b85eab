import { useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { toast } from '../../../lib/toast'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { LicenseProofReview } from '../../verification'
import { adminQueries } from '../api/admin-api'
import { useDownloadCsv } from '../api/download-csv'
import { dateOnly, fullName, TabState, Table, Td, Th, useLoadErrorToast } from './admin-ui'
import { licensingLabel } from '../../../lib/labels'

function ExportButton({ path, label }: { path: '/admin/operators.csv' | '/admin/referrers.csv'; label: string }) {
  const exportCsv = useDownloadCsv()
  const download = () =>
    exportCsv.mutate(path, {
      onSuccess: (file) => toast.success('Export Complete', { description: `${file} downloaded.` }),
      onError: () => toast.error('Export failed', { description: 'Please try again.' }),
    })
  return (
    <Button variant="outline" size="sm" onClick={download} disabled={exportCsv.isPending}>
      <Download className="h-4 w-4" aria-hidden="true" /> {label}
    </Button>
  )
}

/** Operators (operator role, or no role yet) with plan, property count and license verification (issue 15); CSV export. */
export function OperatorsTab() {
  const operators = useQuery(adminQueries.operators())
  useLoadErrorToast(operators.error, 'Failed to load operators')
  const rows = operators.data ?? []
  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <ExportButton path="/admin/operators.csv" label="Export Operators CSV" />
      </div>
      <TabState loading={operators.isPending} failed={operators.isError} empty={rows.length === 0} emptyText="No operators yet.">
        <Table caption="Operators">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Email</Th>
              <Th>Phone</Th>
              <Th>Licensing</Th>
              <Th>Verification</Th>
              <Th>Plan</Th>
              <Th>Properties</Th>
              <Th>Joined</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((o) => (
              <tr key={o.id}>
                <Td>
                  <p className="font-medium">{o.organization_name || fullName(o.first_name, o.last_name)}</p>
                  {o.organization_name && <p className="text-xs text-slate-600">{fullName(o.first_name, o.last_name)}</p>}
                  {o.username && <p className="text-xs text-slate-600">@{o.username}</p>}
                </Td>
                <Td>{o.email}</Td>
                <Td>{o.phone ?? '—'}</Td>
                <Td>{licensingLabel(o.licensing_type)}</Td>
                <Td>
                  <LicenseProofReview operator={o} />
                </Td>
                <Td>
                  {o.is_complimentary ? <Badge tone="purple">Complimentary</Badge> : o.tier === 'premium' ? <Badge tone="brand">Premium</Badge> : <Badge>Free</Badge>}
                </Td>
                <Td>{o.property_count}</Td>
                <Td className="whitespace-nowrap">{dateOnly(o.created_at)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TabState>
    </div>
  )
}

/** Referrers (referrer role, no operator role) with referral counts; CSV export. */
export function ReferrersTab() {
  const referrers = useQuery(adminQueries.referrers())
  useLoadErrorToast(referrers.error, 'Failed to load referrers')
  const rows = referrers.data ?? []
  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <ExportButton path="/admin/referrers.csv" label="Export Referrers CSV" />
      </div>
      <TabState loading={referrers.isPending} failed={referrers.isError} empty={rows.length === 0} emptyText="No referrers yet.">
        <Table caption="Referrers">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Email</Th>
              <Th>Phone</Th>
              <Th>Referrals</Th>
              <Th>Joined</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.id}>
                <Td className="font-medium">{fullName(r.first_name, r.last_name)}</Td>
                <Td>{r.email}</Td>
                <Td>{r.phone ?? '—'}</Td>
                <Td>{r.referral_count}</Td>
                <Td className="whitespace-nowrap">{dateOnly(r.created_at)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TabState>
    </div>
  )
}
