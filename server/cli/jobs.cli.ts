import type { Command } from 'commander'

export function registerJobCommands(program: Command) {
  const jobs = program.command('jobs').description('Scheduled work (expiries, matching, e-mail delivery)')
  jobs
    .command('run')
    .description('Run every job that is due and the periodic tasks (e-mail delivery, clean-ups) now')
    .action(async () => (await import('./jobs.actions')).runJobsNow())
}
