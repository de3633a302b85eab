import { useInfiniteQuery } from '@tanstack/react-query'
import { Button } from '../../../components/ui/button'
import { adminQueries } from '../api/admin-api'
import { dateTime, TabState, Table, Td, Th, useLoadErrorToast } from './admin-ui'

/** The audit log: latest 50, then older pages. */
export function AuditLogsTab() {
  const logs = useInfiniteQuery(adminQueries.auditLogs())
  useLoadErrorToast(logs.error, 'Failed to load audit logs')
  const rows = logs.data?.pages.flatMap((p) => p.items) ?? []
  return (
    <TabState loading={logs.isPending} failed={logs.isError} empty={rows.length === 0} emptyText="No audit entries yet.">
      <Table caption="Audit log, newest first">
        <thead>
          <tr>
            <Th>Time</Th>
            <Th>Action</Th>
            <Th>Resource</Th>
            <Th>Actor</Th>
            <Th>IP address</Th>
            <Th>Details</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((a) => (
            <tr key={a.id}>
              <Td className="whitespace-nowrap">{dateTime(a.created_at)}</Td>
              <Td className="font-medium">{a.action}</Td>
              <Td>
                {a.resource_type}
                {a.resource_id && <p className="max-w-48 truncate text-xs text-slate-600" title={a.resource_id}>{a.resource_id}</p>}
              </Td>
              <Td>{a.actor_label}</Td>
              <Td>{a.ip_address ?? '—'}</Td>
              <Td>
                {a.details && Object.keys(a.details).length > 0 ? (
                  <code className="block max-w-72 truncate text-xs text-slate-700" title={JSON.stringify(a.details)}>
                    {JSON.stringify(a.details)}
                  </code>
                ) : (
                  '—'
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {logs.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={logs.isFetchingNextPage} onClick={() => void logs.fetchNextPage()}>
            {logs.isFetchingNextPage ? 'Loading...' : 'Load older entries'}
          </Button>
        </div>
      )}
    </TabState>
  )
}
