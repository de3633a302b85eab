import { boot } from '../boot'
import type { Role } from '../features/auth'
import { listUsers } from '../features/admin'
import { printJson, printTable, when } from './output'

export async function listAccounts(opts: { role?: Role; json?: boolean }) {
  const { database } = await boot()
  const rows = await listUsers(database, { role: opts.role })
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
}
