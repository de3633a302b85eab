import type { Command } from 'commander'
import { format } from 'date-fns'
import { boot } from '../boot'
import { CLI_ACTOR } from '../lib/audit'
import { listPremiumAccounts } from '../features/billing/list-premium'
import { setComplimentary } from '../features/billing/set-complimentary'
import { fail } from './admin.cli'

const day = (d: Date | null) => (d ? format(d, 'yyyy-MM-dd') : '-')

/** `homeward premium ...`: complimentary Premium without the browser (audited as 'cli'). */
export function registerPremiumCommands(program: Command) {
  const premium = program.command('premium').description('Grant, revoke and list Premium access')

  for (const [name, grant, description] of [
    ['grant', true, 'Grant complimentary Premium access to the account with this e-mail'],
    ['revoke', false, 'Revoke the complimentary Premium access of the account with this e-mail'],
  ] as const) {
    premium
      .command(`${name} <email>`)
      .description(description)
      .action((email: string) => {
        boot()
        try {
          if (!email.trim()) throw new Error('Please enter an email address')
          console.log(setComplimentary({ email, grant }, CLI_ACTOR).message)
        } catch (error) {
          fail(error)
        }
      })
  }

  premium
    .command('list')
    .description('List accounts with Premium: paid, trial or complimentary')
    .option('--json', 'print JSON instead of a table')
    .action((opts: { json?: boolean }) => {
      boot()
      const rows = listPremiumAccounts()
      if (opts.json) return void console.log(JSON.stringify(rows, null, 2))
      if (rows.length === 0) return void console.log('No accounts have Premium.')
      const table = rows.map((r) => ({
        email: r.email,
        access: r.is_complimentary ? 'complimentary' : r.status,
        provider: r.is_complimentary ? '-' : (r.provider ?? '-'),
        until: r.is_complimentary ? '-' : day(r.period_end),
        granted: r.is_complimentary ? `${day(r.granted_at)} by ${r.granted_by ?? '?'}` : '-',
      }))
      const headers = { email: 'EMAIL', access: 'ACCESS', provider: 'PROVIDER', until: 'RENEWS/ENDS', granted: 'GRANTED' }
      const keys = Object.keys(headers) as Array<keyof typeof headers>
      const width = Object.fromEntries(keys.map((k) => [k, Math.max(headers[k].length, ...table.map((r) => r[k].length))]))
      const line = (r: Record<string, string>) => keys.map((k) => r[k]!.padEnd(width[k]!)).join('  ').trimEnd()
      console.log([line(headers), ...table.map(line)].join('\n'))
      console.log(`${rows.length} account${rows.length === 1 ? '' : 's'}.`)
    })
}
