import type { Command } from 'commander'
import { boot } from '../boot'
import { CLI_ACTOR } from '../lib/audit'
import { rotateKeys } from '../features/privacy/rotate-keys'
import { fail } from './admin.cli'

export function registerKeysCommands(program: Command) {
  const keys = program.command('keys').description('Encryption keys for care data at rest')
  keys
    .command('rotate')
    .description('Create a new key and re-encrypt every sealed value and document with it')
    .action(async () => {
      boot()
      try {
        const { resealDocuments } = await import('../features/privacy/reseal-documents')
        const result = rotateKeys(CLI_ACTOR, [resealDocuments])
        console.log(
          `New key ${result.key_id}: re-encrypted ${result.referrals} referrals, ${result.two_factor_secrets} two-factor secrets and ${result.files} documents.`,
        )
      } catch (error) {
        fail(error)
      }
    })
}
