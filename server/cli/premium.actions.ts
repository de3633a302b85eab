import { format } from 'date-fns/format'
import { boot } from '../boot'
import { CLI_ACTOR } from '../lib/audit'
import { listPremiumAccounts, setComplimentary } from '../features/billing'
import { fail } from './output'

const day = (d: Date | null) => (d ? format(d, 'yyyy-MM-dd') : '-')

export async function setAccess(email: string, grant: boolean) {
  const { database } = await boot()
  try {
    if (!email.trim()) throw new Error('Please enter an email address')
    console.log((await setComplimentary(database, { email, grant }, CLI_ACTOR)).message)
  } catch (error) {
    fail(error)
  }
}

export async function listAccess(opts: { json?: boolean }) {
  const { database } = await boot()
  const rows = await listPremiumAccounts(database)
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
}
