import { boot } from '../boot'
import { listReferrals, type ReferralStatus } from '../features/admin'
import { printJson, printTable, when } from './output'

export async function listSummaries(opts: { status?: ReferralStatus; json?: boolean }) {
  const { database } = await boot()
  const rows = await listReferrals(database, { status: opts.status })
  if (opts.json) return printJson(rows)
  printTable(
    rows,
    {
      ID: (r) => r.id,
      CLIENT: (r) => r.client_initials,
      REFERRER: (r) => r.referrer_email,
      STATE: (r) => r.preferred_state,
      STATUS: (r) => r.status,
      PAID: (r) => (r.referral_fee_paid ? 'yes' : 'no'),
      CREATED: (r) => when(r.created_at),
    },
    ['referral', 'referrals'],
    'No referrals.',
  )
}
