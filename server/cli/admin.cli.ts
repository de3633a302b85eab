import type { Command } from 'commander'
import { boot } from '../boot'
import { CLI_ACTOR } from '../lib/audit'
import { AppError } from '../errors'
import { createAdmin } from '../features/accounts/create-admin'

/** Prints a service error the way a script expects: one line on stderr, exit 1. */
export function fail(error: unknown): never {
  const message = error instanceof AppError ? error.message : error instanceof Error ? error.message : String(error)
  console.error(`Error: ${message}`)
  process.exit(1)
}

export function registerAdminCommands(program: Command) {
  const admin = program.command('admin').description('Manage admin accounts')
  admin
    .command('create <email>')
    .description('Create an admin account (prompts for the password unless --password is given)')
    .option('--password <password>', 'password (at least 8 characters)')
    .action(async (email: string, opts: { password?: string }) => {
      boot()
      const password = opts.password ?? prompt('Password for the new admin:') ?? ''
      try {
        const user = await createAdmin({ email, password }, CLI_ACTOR)
        console.log(`Admin ${user.email} created.`)
      } catch (error) {
        fail(error)
      }
    })
}
