import { money } from '../lib/money'
import { boot } from '../boot'
import { CLI_ACTOR } from '../lib/audit'
import { clock } from '../lib/clock'
import { listEscrow } from '../features/admin'
import { resolveEscrow } from '../features/marketplace'
import { fail, printJson, printTable, when } from './output'

/** "2h 5m", "45m" or "Expired", as on the dashboard's badge. */
function remaining(until: Date | null, expired: boolean) {
  if (!until || expired) return 'Expired'
  const minutes = Math.max(0, Math.floor((until.getTime() - clock.ms()) / 60_000))
  return minutes >= 60 ? `${Math.floor(minutes / 60)}h ${minutes % 60}m` : `${minutes}m`
}

export async function listHeld(opts: { json?: boolean }) {
  const { database } = await boot()
  const rows = await listEscrow(database)
  if (opts.json) return printJson(rows)
  printTable(
    rows,
    {
      PAYMENT: (p) => p.id,
      OPERATOR: (p) => p.operator_name,
      REFERRAL: (p) => `${p.referral_id} (${p.client_initials})`,
      AMOUNT: (p) => money(p.amount_cents),
      PAID: (p) => when(p.paid_at),
      'HOLD UNTIL': (p) => when(p.escrow_hold_until),
      REMAINING: (p) => remaining(p.escrow_hold_until, p.expired),
    },
    ['payment', 'payments'],
    'No payments are held in escrow.',
  )
}

export async function resolve(paymentId: string, action: 'release' | 'refund', reason: string) {
  const { database } = await boot()
  try {
    const result = await resolveEscrow(database, { paymentId, action, reason, actor: CLI_ACTOR })
    console.log(`${result.message}.`)
  } catch (error) {
    fail(error)
  }
}
