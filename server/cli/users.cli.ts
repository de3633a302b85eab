import { Option, type Command } from 'commander'
import { boot } from '../boot'
import { ROLES } from '../db/schema'
import type { Role } from '../features/auth/roles'
import { listUsers } from '../features/admin/list-users'
import { printJson, printTable, when } from './output'

export function registerUserCommands(program: Command) {
  const users = program.command('users').description('List accounts')
  users
    .command('list')
    .description('List accounts with their roles (operator includes accounts with no role yet)')
    .addOption(new Option('--role <role>', 'only accounts holding this role').choices(ROLES))
    .option('--json', 'print JSON instead of a table')
    .action((opts: { role?: Role; json?: boolean }) => {
      boot()
      const rows = listUsers({ role: opts.role })
      if (opts.json) return printJson(rows)
      printTable(
        rows,
        {
          EMAIL: (u) => u.email,
          NAME: (u) => [u.first_name, u.last_name].filter(Boolean).join(' '),
          ROLES: (u) => (u.roles.length ? u.roles.join(',') : '(none: operator)'),
          JOINED: (u) => when(u.created_at),
        },
        ['account', 'accounts'],
        'No accounts.',
      )
    })
}
