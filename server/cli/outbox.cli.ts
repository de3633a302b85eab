import { InvalidArgumentError, Option, type Command } from 'commander'
import { OUTBOX_STATUSES } from '../db/enums'

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
    .action(async (opts: { status?: (typeof OUTBOX_STATUSES)[number]; limit?: number; json?: boolean }) =>
      (await import('./outbox.actions')).listEmails(opts),
    )
}
