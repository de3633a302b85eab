import { useInfiniteQuery } from '@tanstack/react-query'
import { columnsOf, DataTable, serverPages } from '../../../components/ui/data-table'
import { adminQueries, type AuditEntry } from '../api/admin-api'
import { dateTime, useLoadErrorToast } from './admin-ui'

const col = columnsOf<AuditEntry>()
const columns = col.columns([
  col.accessor('created_at', { header: 'Time', cell: (c) => dateTime(c.getValue()), meta: { className: 'whitespace-nowrap' } }),
  col.accessor('action', { header: 'Action', meta: { className: 'font-medium' } }),
  col.accessor('resource_type', {
    header: 'Resource',
    cell: ({ row: { original: a } }) => (
      <>
        {a.resource_type}
        {a.resource_id && (
          <p className="max-w-48 truncate text-xs text-slate-600" title={a.resource_id}>
            {a.resource_id}
          </p>
        )}
      </>
    ),
  }),
  col.accessor('actor_label', { header: 'Actor' }),
  col.accessor('ip_address', { header: 'IP address', cell: (c) => c.getValue() ?? '—' }),
  col.display({
    id: 'details',
    header: 'Details',
    cell: ({ row: { original: a } }) =>
      a.details && Object.keys(a.details).length > 0 ? (
        <code className="block max-w-72 truncate text-xs text-slate-700" title={JSON.stringify(a.details)}>
          {JSON.stringify(a.details)}
        </code>
      ) : (
        '—'
      ),
  }),
])

/** The audit log: latest 50, then older pages. */
export function AuditLogsTab() {
  const logs = useInfiniteQuery(adminQueries.auditLogs())
  useLoadErrorToast(logs.error, 'Failed to load audit logs')
  return (
    <DataTable caption="Audit log" order="newest first" noun="entries" emptyText="No audit entries yet." columns={columns} {...serverPages(logs, 'Load older entries')} />
  )
}
