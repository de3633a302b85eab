import { boot } from '../boot'
import { CLI_ACTOR } from '../lib/audit'
import { createAdmin } from '../features/accounts'
import { demoteAdmin, promoteToAdmin } from '../features/admin'
import { fail } from './output'

export async function createAdminAccount(email: string, opts: { password?: string }) {
  boot()
  const password = opts.password ?? prompt('Password for the new admin:') ?? ''
  try {
    const user = await createAdmin({ email, password }, CLI_ACTOR)
    console.log(`Admin ${user.email} created. They set up two-factor sign-in at their first sign-in.`)
  } catch (error) {
    fail(error)
  }
}

export function promote(email: string) {
  boot()
  try {
    const user = promoteToAdmin({ email, actor: CLI_ACTOR })
    console.log(`${user.email} is now an admin.`)
  } catch (error) {
    fail(error)
  }
}

export function demote(email: string) {
  boot()
  try {
    const user = demoteAdmin({ email, actor: CLI_ACTOR })
    console.log(`${user.email} is no longer an admin.`)
  } catch (error) {
    fail(error)
  }
}
