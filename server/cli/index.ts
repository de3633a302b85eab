import { Command, CommanderError } from 'commander'
import pkg from '../../package.json'
import { registerCoreCommands } from './core.cli'
import { registerAdminCommands } from './admin.cli'
import { registerPremiumCommands } from './premium.cli'
import { registerUserCommands } from './users.cli'
import { registerReferralCommands } from './referrals.cli'
import { registerEscrowCommands } from './escrow.cli'
import { registerJobCommands } from './jobs.cli'
import { registerOutboxCommands } from './outbox.cli'
import { registerBackupCommands } from './backup.cli'
import { registerKeysCommands } from './keys.cli'
import { registerStorageCommands } from './storage.cli'
import { registerSmartEhrCommands } from './smart-ehrs.cli'
import { registerFhirClientCommands } from './fhir-clients.cli'

/**
 * bin/homeward: the agency's admin work without the browser. Every command
 * goes through the same services as the HTTP API. Exit codes: 0 success,
 * 1 failure, 2 bad usage.
 */
export function buildProgram() {
  const program = new Command('homeward')
    .description('Homeward: the referral marketplace for group homes')
    .version(pkg.version)
    .showHelpAfterError()
    .exitOverride()
    // A one-shot command closes the database it opened: a PostgreSQL pool would keep the process alive. `serve` keeps it.
    .hook('postAction', async (_program, action) => {
      if (action.name() === 'serve') return
      const { closeDatabase } = await import('../db/client')
      await closeDatabase()
    })
  registerCoreCommands(program)
  registerAdminCommands(program)
  registerPremiumCommands(program)
  registerUserCommands(program)
  registerReferralCommands(program)
  registerEscrowCommands(program)
  registerJobCommands(program)
  registerOutboxCommands(program)
  registerBackupCommands(program)
  registerKeysCommands(program)
  registerStorageCommands(program)
  registerSmartEhrCommands(program)
  registerFhirClientCommands(program)
  return program
}

export async function runCli(argv: string[]) {
  const program = buildProgram()
  try {
    await program.parseAsync(argv, { from: 'user' })
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit through here with code 0.
      process.exit(error.exitCode === 0 ? 0 : 2)
    }
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
