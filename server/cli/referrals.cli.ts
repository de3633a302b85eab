import { Option, type Command } from 'commander'
import { boot } from '../boot'
import { REFERRAL_STATUSES } from '../db/schema'
import { listReferrals, type ReferralStatus } from '../features/admin/list-referrals'
import { printJson, printTable, when } from './output'

export function registerReferralCommands(program: Command) {
  const referrals = program.command('referrals').description('List referrals')
  referrals
    .command('list')
    .description('List referrals, newest first (summary only: clients by initials, no care data)')
    .addOption(new Option('--status <status>', 'only referrals with this status').choices(REFERRAL_STATUSES))
    .option('--json', 'print JSON instead of a table')
    .action((opts: { status?: ReferralStatus; json?: boolean }) => {
      boot()
      const rows = listReferrals({ status: opts.status })
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
    })
}
