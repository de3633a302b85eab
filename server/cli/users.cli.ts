import { Option, type Command } from 'commander'
import { ROLES } from '../db/enums'

export function registerUserCommands(program: Command) {
  const users = program.command('users').description('List accounts')
  users
    .command('list')
    .description('List accounts with their roles (operator includes accounts with no role yet)')
    .addOption(new Option('--role <role>', 'only accounts holding this role').choices(ROLES))
    .option('--json', 'print JSON instead of a table')
    .action(async (opts: { role?: (typeof ROLES)[number]; json?: boolean }) => (await import('./users.actions')).listAccounts(opts))
}
