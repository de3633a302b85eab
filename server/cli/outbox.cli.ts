import { InvalidArgumentError, Option, type Command } from 'commander'
import { boot } from '../boot'
import { OUTBOX_STATUSES } from '../db/schema'
import { listOutbox, type OutboxStatus } from '../features/admin/list-outbox'
import { printJson, printTable, when } from './output'

export function registerOutboxCommands(program: Command) {
  const outbox = program.command('outbox').description('Every e-mail the system produced')
  outbox
    .command('list')
    .description('List e-mails, newest first')
    .addOption(new Option('--status <status>', 'only e-mails with this status').choices(OUTBOX_STATUSES))
    .option('--limit <n>', 'how many (default 200)', (v) => {
      const n = Number.parseInt(v, 10)
      if (!Number.isInteger(n) || n < 1 || n > 1000) throw new InvalidArgumentError('must be between 1 and 1000')
      return n
    })
    .option('--json', 'print JSON instead of a table (includes the message text)')
    .action((opts: { status?: OutboxStatus; limit?: number; json?: boolean }) => {
      boot()
      const rows = listOutbox({ status: opts.status, limit: opts.limit })
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
    })
}
