import type { Command } from 'commander'

const actions = () => import('./backup.actions')

export function registerBackupCommands(program: Command) {
  program
    .command('backup <file>')
    .description('Write a consistent backup (every table, uploads, keys) to a .tar.gz file that restores on SQLite or PostgreSQL; safe while the server runs')
    .action(async (file: string) => (await actions()).backup(file))

  program
    .command('restore <file>')
    .description('Replace the data with a backup, into PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR (the server must be stopped; the archive is checked first)')
    .option('--force', 'replace a database that already has users')
    .action(async (file: string, opts: { force?: boolean }) => (await actions()).restore(file, opts))
}
