import type { Command } from 'commander'

export function registerKeysCommands(program: Command) {
  const keys = program.command('keys').description('Encryption keys for care data at rest')
  keys
    .command('rotate')
    .description('Create a new key and re-encrypt every sealed value and document with it')
    .action(async () => (await import('./keys.actions')).rotate())
  keys
    .command('reseal')
    .description('Rewrite documents and license proofs sealed in an older form in the current one, bound to their keys (safe beside a running server)')
    .action(async () => (await import('./keys.actions')).reseal())
}
