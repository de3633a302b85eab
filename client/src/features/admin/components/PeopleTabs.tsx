import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { toast } from '../../../lib/toast'
import { Button } from '../../../components/ui/button'
import { columnsOf, DataTable, type ColumnsOf, type DataColumn } from '../../../components/ui/data-table'
import { LicenseProofReview } from '../../verification'
import { adminQueries, type AdminOperator, type AdminReferrer } from '../api/admin-api'
import { useDownloadCsv } from '../api/download-csv'
import { dateOnly, fullName, PlanBadge, useLoadErrorToast } from './admin-ui'
import { licensingLabel } from '../../../lib/labels'

type People = 'operators' | 'referrers'

/** A list of accounts, newest first, under a button that downloads it as CSV. */
function PeopleTable<T extends { id: string }>({ people, columns, query }: { people: People; columns: DataColumn<T>[]; query: UseQueryResult<T[]> }) {
  const title = people === 'operators' ? 'Operators' : 'Referrers'
  useLoadErrorToast(query.error, `Failed to load ${people}`)
  const exportCsv = useDownloadCsv()
  const download = () =>
    exportCsv.mutate(`/admin/${people}.csv`, {
      onSuccess: (file) => toast.success('Export Complete', { description: `${file} downloaded.` }),
      onError: () => toast.error('Export failed', { description: 'Please try again.' }),
    })
  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <Button variant="outline" size="sm" onClick={download} disabled={exportCsv.isPending}>
          <Download className="h-4 w-4" aria-hidden="true" /> Export {title} CSV
        </Button>
      </div>
      <DataTable caption={title} order="newest first" noun={people} columns={columns} query={query} emptyText={`No ${people} yet.`} />
    </div>
  )
}

const joined = <T extends { created_at: string }>(col: ColumnsOf<T>) =>
  col.accessor((r) => r.created_at, { id: 'joined', header: 'Joined', cell: (c) => dateOnly(c.getValue()), meta: { className: 'whitespace-nowrap' } })
const phone = <T extends { phone: string | null }>(col: ColumnsOf<T>) =>
  col.accessor((r) => r.phone ?? undefined, { id: 'phone', header: 'Phone', cell: (c) => c.getValue() ?? '—' })

const operator = columnsOf<AdminOperator>()
const operatorColumns = operator.columns([
  operator.accessor((o) => o.organization_name || fullName(o.first_name, o.last_name), {
    id: 'name',
    header: 'Name',
    cell: ({ getValue, row: { original: o } }) => (
      <>
        <p className="font-medium">{getValue()}</p>
        {o.organization_name && <p className="text-xs text-slate-600">{fullName(o.first_name, o.last_name)}</p>}
        {o.username && <p className="text-xs text-slate-600">@{o.username}</p>}
      </>
    ),
  }),
  operator.accessor('email', { header: 'Email' }),
  phone(operator),
  operator.accessor((o) => licensingLabel(o.licensing_type), { id: 'licensing', header: 'Licensing' }),
  operator.display({ id: 'verification', header: 'Verification', cell: ({ row }) => <LicenseProofReview operator={row.original} /> }),
  operator.display({ id: 'plan', header: 'Plan', cell: ({ row }) => <PlanBadge account={row.original} /> }),
  operator.accessor('property_count', { header: 'Properties' }),
  joined(operator),
])

/** Operators (operator role, or no role yet) with plan, property count and license verification; CSV export. */
export function OperatorsTab() {
  const operators = useQuery(adminQueries.operators())
  return <PeopleTable people="operators" columns={operatorColumns} query={operators} />
}

const referrer = columnsOf<AdminReferrer>()
const referrerColumns = referrer.columns([
  referrer.accessor((r) => fullName(r.first_name, r.last_name), { id: 'name', header: 'Name', meta: { className: 'font-medium' } }),
  referrer.accessor('email', { header: 'Email' }),
  phone(referrer),
  referrer.accessor('referral_count', { header: 'Referrals' }),
  joined(referrer),
])

/** Referrers (referrer role, no operator role) with referral counts; CSV export. */
export function ReferrersTab() {
  const referrers = useQuery(adminQueries.referrers())
  return <PeopleTable people="referrers" columns={referrerColumns} query={referrers} />
}
