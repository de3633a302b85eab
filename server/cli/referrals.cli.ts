import { Option, type Command } from 'commander'
import { REFERRAL_STATUSES } from '../db/enums'

export function registerReferralCommands(program: Command) {
  const referrals = program.command('referrals').description('List referrals')
  referrals
    .command('list')
    .description('List referrals, newest first (summary only: clients by initials, no care data)')
    .addOption(new Option('--status <status>', 'only referrals with this status').choices(REFERRAL_STATUSES))
    .option('--json', 'print JSON instead of a table')
    .action(async (opts: { status?: (typeof REFERRAL_STATUSES)[number]; json?: boolean }) =>
      (await import('./referrals.actions')).listSummaries(opts),
    )
}
