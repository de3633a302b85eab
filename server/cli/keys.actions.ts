import { boot } from '../boot'
import { CLI_ACTOR } from '../lib/audit'
import { resealFiles, resealOldFiles, rotateKeys } from '../features/privacy'
import { fail } from './output'

export async function rotate() {
  const { database } = await boot()
  try {
    const result = await rotateKeys(database, CLI_ACTOR, [resealFiles])
    const rows = Object.entries(result.rows).map(([table, n]) => `${n} ${table}`).join(', ') || 'no rows'
    console.log(`New key ${result.key_id}: re-encrypted ${rows}, ${result.two_factor_secrets} two-factor secrets and ${result.files} documents and license proofs.`)
  } catch (error) {
    fail(error)
  }
}

export async function reseal() {
  const { database } = await boot()
  try {
    const result = await resealOldFiles(database)
    console.log(`Resealed ${result.files} documents and license proofs bound to their keys (${result.current} already were).`)
  } catch (error) {
    fail(error)
  }
}
