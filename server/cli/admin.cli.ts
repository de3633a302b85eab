import type { Command } from 'commander'
import { boot } from '../boot'
import { CLI_ACTOR } from '../lib/audit'
import { createAdmin } from '../features/accounts/create-admin'
import { demoteAdmin, promoteToAdmin } from '../features/admin/admin-role'
import { fail } from './output'

export { fail } from './output'

export function registerAdminCommands(program: Command) {
  const admin = program.command('admin').description('Create admin accounts, promote or demote existing accounts')
  admin
    .command('create <email>')
    .description('Create an admin account (prompts for the password unless --password is given)')
    .option('--password <password>', 'password (at least 8 characters)')
    .action(async (email: string, opts: { password?: string }) => {
      boot()
      const password = opts.password ?? prompt('Password for the new admin:') ?? ''
      try {
        const user = await createAdmin({ email, password }, CLI_ACTOR)
        console.log(`Admin ${user.email} created. They set up two-factor sign-in at their first sign-in.`)
      } catch (error) {
        fail(error)
      }
    })
  admin
    .command('promote <email>')
    .description('Give the admin role to an existing account (signs it out everywhere)')
    .action((email: string) => {
      boot()
      try {
        const user = promoteToAdmin({ email, actor: CLI_ACTOR })
        console.log(`${user.email} is now an admin.`)
      } catch (error) {
        fail(error)
      }
    })
  admin
    .command('demote <email>')
    .description('Take the admin role away from an account (the last admin cannot be demoted)')
    .action((email: string) => {
      boot()
      try {
        const user = demoteAdmin({ email, actor: CLI_ACTOR })
        console.log(`${user.email} is no longer an admin.`)
      } catch (error) {
        fail(error)
      }
    })
}
