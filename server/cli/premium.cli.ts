import type { Command } from 'commander'

const actions = () => import('./premium.actions')

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
      .action(async (email: string) => (await actions()).setAccess(email, grant))
  }

  premium
    .command('list')
    .description('List accounts with Premium: paid, trial or complimentary')
    .option('--json', 'print JSON instead of a table')
    .action(async (opts: { json?: boolean }) => (await actions()).listAccess(opts))
}
