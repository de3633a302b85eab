import type { Command } from 'commander'

const actions = () => import('./admin.actions')

export function registerAdminCommands(program: Command) {
  const admin = program.command('admin').description('Create admin accounts, promote or demote existing accounts')
  admin
    .command('create <email>')
    .description('Create an admin account (prompts for the password unless --password is given)')
    .option('--password <password>', 'password (at least 8 characters)')
    .action(async (email: string, opts: { password?: string }) => (await actions()).createAdminAccount(email, opts))
  admin
    .command('promote <email>')
    .description('Give the admin role to an existing account (signs it out everywhere)')
    .action(async (email: string) => (await actions()).promote(email))
  admin
    .command('demote <email>')
    .description('Take the admin role away from an account (the last admin cannot be demoted)')
    .action(async (email: string) => (await actions()).demote(email))
}
