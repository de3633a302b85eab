import type { Command } from 'commander'

export function registerStorageCommands(program: Command) {
  const storage = program.command('storage').description('Where uploads live: the data folder or an S3-compatible bucket (STORAGE_URL)')
  storage
    .command('move')
    .description('Copy every file to another storage, verify each by size and SHA-256, then switch (resumable; stop the servers first)')
    .requiredOption('--to <where>', 's3://bucket/prefix (with the S3_ settings), or "folder" for DATA_DIR/uploads')
    .action(async (opts: { to: string }) => (await import('./storage.actions')).move(opts.to))
  storage
    .command('sweep')
    .description('Remove stored files that no row names (orphans of uploads cut short), older than a safety age; what the server does every 6 hours')
    .option('--dry-run', 'list what would be removed, remove nothing')
    .option('--older-than <hours>', 'only files last written more than this many hours ago (0 needs every server stopped)', '24')
    .action(async (opts: { dryRun?: boolean; olderThan: string }) => (await import('./storage.actions')).sweep(opts))
}
