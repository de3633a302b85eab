import type { Command } from 'commander'

export function registerStorageCommands(program: Command) {
  const storage = program.command('storage').description('Where uploads live: the data folder or an S3-compatible bucket (STORAGE_URL)')
  storage
    .command('move')
    .description('Copy every file to another storage, verify each by size and SHA-256, then switch (resumable; stop the servers first)')
    .requiredOption('--to <where>', 's3://bucket/prefix (with the S3_ settings), or "folder" for DATA_DIR/uploads')
    .action(async (opts: { to: string }) => (await import('./storage.actions')).move(opts.to))
}
