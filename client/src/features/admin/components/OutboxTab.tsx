import { useQuery } from '@tanstack/react-query'
import { toast } from '../../../lib/toast'
import { Badge, type BadgeTone } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { errorMessage } from '../../../lib/api'
import { useConfig } from '../../../lib/config'
import { adminQueries, type OutboxEmail } from '../api/admin-api'
import { useRetryEmail } from '../api/retry-email'
import { dateTime, TabState, Table, Td, Th, useLoadErrorToast } from './admin-ui'

function statusOf(m: OutboxEmail): { label: string; tone: BadgeTone } {
  if (m.status === 'sent') return { label: m.retried ? 'sent (retried)' : 'sent', tone: 'green' }
  if (m.status === 'failed') return { label: 'failed', tone: 'red' }
  return m.attempts > 0 ? { label: 'retrying', tone: 'amber' } : { label: 'pending', tone: 'yellow' }
}

/** Every e-mail the system produced, newest first. */
export function OutboxTab() {
  const config = useConfig()
  const outbox = useQuery({ ...adminQueries.outbox(), refetchInterval: 10_000 })
  useLoadErrorToast(outbox.error, 'Failed to load e-mails')
  const retry = useRetryEmail()
  const retryOne = (id: string) =>
    retry.mutate(id, {
      onSuccess: () => toast.success('E-mail queued again'),
      onError: (error) => toast.error('Failed to retry e-mail', { description: errorMessage(error, 'Please try again.') }),
    })
  const rows = outbox.data ?? []
  return (
    <div className="space-y-3">
      {config?.email_offline && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          No SMTP server is configured: e-mails are written as .eml files to the data folder's outbox instead of being sent.
        </p>
      )}
      <TabState loading={outbox.isPending} failed={outbox.isError} empty={rows.length === 0} emptyText="No e-mails yet.">
        <Table caption="E-mail outbox, newest first">
          <thead>
            <tr>
              <Th>Time</Th>
              <Th>Status</Th>
              <Th>Recipient</Th>
              <Th>Type</Th>
              <Th>Message</Th>
              <Th>Attempts</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((m) => {
              const status = statusOf(m)
              return (
                <tr key={m.id} data-testid={`outbox-${m.id}`}>
                  <Td className="whitespace-nowrap">{dateTime(m.created_at)}</Td>
                  <Td>
                    <Badge tone={status.tone}>{status.label}</Badge>
                    {m.last_error && <p className="mt-1 max-w-56 text-xs break-words text-red-700">{m.last_error}</p>}
                  </Td>
                  <Td>{m.to_email}</Td>
                  <Td>{m.type}</Td>
                  <Td className="max-w-md">
                    <details>
                      <summary className="cursor-pointer text-brand-700">{m.subject}</summary>
                      <pre className="mt-2 text-xs break-words whitespace-pre-wrap text-slate-700">{m.text_body}</pre>
                    </details>
                  </Td>
                  <Td>{m.attempts}</Td>
                  <Td>
                    {m.status === 'failed' && (
                      <Button size="sm" variant="outline" disabled={retry.isPending} onClick={() => retryOne(m.id)}>
                        Retry
                      </Button>
                    )}
                  </Td>
                </tr>
              )
            })}
          </tbody>
        </Table>
      </TabState>
    </div>
  )
}
