import type { Command } from 'commander'

const actions = () => import('./backup.actions')

export function registerBackupCommands(program: Command) {
  program
    .command('backup <file>')
    .description('Write a consistent backup (database snapshot + uploads + keys) to a .tar.gz file; safe while the server runs')
    .action(async (file: string) => (await actions()).backup(file))

  program
    .command('restore <file>')
    .description('Replace the data folder with a backup (the server must be stopped; the database is checked first)')
    .option('--force', 'replace a data folder that already has a database')
    .action(async (file: string, opts: { force?: boolean }) => (await actions()).restore(file, opts))
}
