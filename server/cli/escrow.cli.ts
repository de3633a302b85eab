import type { Command } from 'commander'

const actions = () => import('./escrow.actions')

export function registerEscrowCommands(program: Command) {
  const escrow = program.command('escrow').description('Payments held in escrow: list, release to the referrer, refund the operator')
  escrow
    .command('list')
    .description('Payments held in escrow, soonest hold end first')
    .option('--json', 'print JSON instead of a table')
    .action(async (opts: { json?: boolean }) => (await actions()).listHeld(opts))
  for (const [name, action, description] of [
    ['release', 'release', 'Release a held payment to the referrer'],
    ['refund', 'refund', 'Refund a held payment to the operator'],
  ] as const) {
    escrow
      .command(`${name} <payment_id>`)
      .description(description)
      .requiredOption('--reason <text>', 'why (required, kept in the audit log)')
      .action(async (paymentId: string, opts: { reason: string }) => (await actions()).resolve(paymentId, action, opts.reason))
  }
}
