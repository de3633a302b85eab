import { useQuery } from '@tanstack/react-query'
import { toast } from '../../../lib/toast'
import { Badge, type BadgeTone } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { columnsOf, DataTable } from '../../../components/ui/data-table'
import { errorMessage } from '../../../lib/api'
import { useConfig } from '../../../lib/config'
import { adminQueries, type OutboxEmail } from '../api/admin-api'
import { useRetryEmail } from '../api/retry-email'
import { dateTime, useLoadErrorToast } from './admin-ui'

function statusOf(m: OutboxEmail): { label: string; tone: BadgeTone } {
  if (m.status === 'sent') return { label: m.retried ? 'sent (retried)' : 'sent', tone: 'green' }
  if (m.status === 'failed') return { label: 'failed', tone: 'red' }
  return m.attempts > 0 ? { label: 'retrying', tone: 'amber' } : { label: 'pending', tone: 'yellow' }
}

/** A failed e-mail is queued again from its row. */
function RetryButton({ email }: { email: OutboxEmail }) {
  const retry = useRetryEmail()
  if (email.status !== 'failed') return null
  const retryOne = () =>
    retry.mutate(email.id, {
      onSuccess: () => toast.success('E-mail queued again'),
      onError: (error) => toast.error('Failed to retry e-mail', { description: errorMessage(error, 'Please try again.') }),
    })
  return (
    <Button size="sm" variant="outline" disabled={retry.isPending} onClick={retryOne}>
      Retry
    </Button>
  )
}

const col = columnsOf<OutboxEmail>()
const columns = col.columns([
  col.accessor('created_at', { header: 'Time', cell: (c) => dateTime(c.getValue()), meta: { className: 'whitespace-nowrap' } }),
  col.accessor((m) => statusOf(m).label, {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: m } }) => {
      const status = statusOf(m)
      return (
        <>
          <Badge tone={status.tone}>{status.label}</Badge>
          {m.last_error && <p className="mt-1 max-w-56 text-xs break-words text-red-700">{m.last_error}</p>}
        </>
      )
    },
  }),
  col.accessor('to_email', { header: 'Recipient' }),
  col.accessor('type', { header: 'Type' }),
  col.accessor('subject', {
    header: 'Message',
    meta: { className: 'max-w-md' },
    cell: ({ row: { original: m } }) => (
      <details>
        <summary className="cursor-pointer text-brand-700">{m.subject}</summary>
        <pre className="mt-2 text-xs break-words whitespace-pre-wrap text-slate-700">{m.text_body}</pre>
      </details>
    ),
  }),
  col.accessor('attempts', { header: 'Attempts' }),
  col.display({ id: 'actions', header: 'Actions', cell: ({ row }) => <RetryButton email={row.original} /> }),
])

/** Every e-mail the system produced, newest first. */
export function OutboxTab() {
  const config = useConfig()
  const outbox = useQuery({ ...adminQueries.outbox(), refetchInterval: 10_000 })
  useLoadErrorToast(outbox.error, 'Failed to load e-mails')
  return (
    <div className="space-y-3">
      {config?.email_offline && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          No SMTP server is configured: e-mails are written as .eml files to the data folder's outbox instead of being sent.
        </p>
      )}
      <DataTable caption="E-mail outbox" order="newest first" noun="e-mails" emptyText="No e-mails yet." columns={columns} query={outbox} rowTestId={(m) => `outbox-${m.id}`} />
    </div>
  )
}
