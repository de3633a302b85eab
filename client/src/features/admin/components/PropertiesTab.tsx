import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { columnsOf, DataTable, serverPages } from '../../../components/ui/data-table'
import { money } from '../../../lib/format'
import { licensingLabel } from '../../../lib/labels'
import { adminQueries, type AdminProperty } from '../api/admin-api'
import { dateOnly, Stacked, useLoadErrorToast } from './admin-ui'

const col = columnsOf<AdminProperty>()
const columns = col.columns([
  col.accessor('name', {
    header: 'Name',
    cell: ({ row: { original: p } }) => (
      <Link className="font-medium text-brand-700 hover:underline" to={`/property/${p.id}`}>
        {p.name}
      </Link>
    ),
  }),
  col.accessor((p) => `${p.city}, ${p.state} ${p.zip_code}`, { id: 'location', header: 'Location' }),
  col.accessor('operator_name', {
    header: 'Operator',
    cell: ({ row: { original: p } }) => <Stacked main={p.operator_name} sub={p.operator_email} />,
  }),
  col.accessor('available_beds', { header: 'Beds', cell: ({ row: { original: p } }) => `${p.available_beds} of ${p.total_beds}` }),
  col.accessor('monthly_fee_cents', { header: 'Monthly fee', cell: (c) => (c.getValue() == null ? '—' : money(c.getValue())) }),
  col.accessor((p) => licensingLabel(p.licensing_type), { id: 'licensing', header: 'Licensing' }),
  col.accessor('is_active', { header: 'Status', cell: (c) => (c.getValue() ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>) }),
  col.accessor('created_at', { header: 'Listed', cell: (c) => dateOnly(c.getValue()), meta: { className: 'whitespace-nowrap' } }),
])

/** Every property, newest first, 100 at a time. */
export function PropertiesTab() {
  const properties = useInfiniteQuery(adminQueries.properties())
  useLoadErrorToast(properties.error, 'Failed to load properties')
  return (
    <DataTable caption="All properties" order="newest first" noun="properties" emptyText="No properties yet." columns={columns} {...serverPages(properties, 'Load more')} />
  )
}
