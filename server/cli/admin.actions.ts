import { boot } from '../boot'
import { CLI_ACTOR } from '../lib/audit'
import { createAdmin } from '../features/accounts'
import { demoteAdmin, promoteToAdmin } from '../features/admin'
import { fail } from './output'

export async function createAdminAccount(email: string, opts: { password?: string }) {
  const { database } = await boot()
  const password = opts.password ?? prompt('Password for the new admin:') ?? ''
  try {
    const user = await createAdmin(database, { email, password }, CLI_ACTOR)
    console.log(`Admin ${user.email} created. They set up two-factor sign-in at their first sign-in.`)
  } catch (error) {
    fail(error)
  }
}

export async function promote(email: string) {
  const { database } = await boot()
  try {
    const user = await promoteToAdmin(database, { email, actor: CLI_ACTOR })
    console.log(`${user.email} is now an admin.`)
  } catch (error) {
    fail(error)
  }
}

export async function demote(email: string) {
  const { database } = await boot()
  try {
    const user = await demoteAdmin(database, { email, actor: CLI_ACTOR })
    console.log(`${user.email} is no longer an admin.`)
  } catch (error) {
    fail(error)
  }
}
