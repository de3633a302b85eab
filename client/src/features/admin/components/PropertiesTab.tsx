import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { money } from '../../../lib/format'
import { adminQueries } from '../api/admin-api'
import { dateOnly, TabState, Table, Td, Th, useLoadErrorToast } from './admin-ui'
import { licensingLabel } from '../../../lib/labels'

/** Every property, newest first, 100 at a time. */
export function PropertiesTab() {
  const properties = useInfiniteQuery(adminQueries.properties())
  useLoadErrorToast(properties.error, 'Failed to load properties')
  const rows = properties.data?.pages.flatMap((p) => p.items) ?? []
  return (
    <TabState loading={properties.isPending} failed={properties.isError} empty={rows.length === 0} emptyText="No properties yet.">
      <Table caption="All properties, newest first">
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>Location</Th>
            <Th>Operator</Th>
            <Th>Beds</Th>
            <Th>Monthly fee</Th>
            <Th>Licensing</Th>
            <Th>Status</Th>
            <Th>Listed</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((p) => (
            <tr key={p.id}>
              <Td>
                <Link className="font-medium text-brand-700 hover:underline" to={`/property/${p.id}`}>
                  {p.name}
                </Link>
              </Td>
              <Td>
                {p.city}, {p.state} {p.zip_code}
              </Td>
              <Td>
                <p>{p.operator_name}</p>
                <p className="text-xs text-slate-600">{p.operator_email}</p>
              </Td>
              <Td>
                {p.available_beds} of {p.total_beds}
              </Td>
              <Td>{p.monthly_fee_cents == null ? '—' : money(p.monthly_fee_cents)}</Td>
              <Td>{licensingLabel(p.licensing_type)}</Td>
              <Td>{p.is_active ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}</Td>
              <Td className="whitespace-nowrap">{dateOnly(p.created_at)}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {properties.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={properties.isFetchingNextPage} onClick={() => void properties.fetchNextPage()}>
            {properties.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </TabState>
  )
}
