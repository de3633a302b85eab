import { boot } from '../boot'
import { listOutbox, type OutboxStatus } from '../features/admin'
import { printJson, printTable, when } from './output'

export async function listEmails(opts: { status?: OutboxStatus; limit?: number; json?: boolean }) {
  const { database } = await boot()
  const rows = await listOutbox(database, { status: opts.status, limit: opts.limit })
  if (opts.json) return printJson(rows)
  printTable(
    rows,
    {
      CREATED: (m) => when(m.created_at),
      STATUS: (m) => (m.status === 'pending' && m.attempts > 0 ? 'retrying' : m.status),
      TO: (m) => m.to_email,
      TYPE: (m) => m.type,
      ATTEMPTS: (m) => m.attempts,
      ERROR: (m) => m.last_error?.slice(0, 60) ?? '',
    },
    ['e-mail', 'e-mails'],
    'The outbox is empty.',
  )
}
