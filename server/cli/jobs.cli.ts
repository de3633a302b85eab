import type { Command } from 'commander'
import { count, eq } from 'drizzle-orm'
import { boot } from '../boot'
import { db } from '../db/client'
import { outbox } from '../db/schema'

const sentCount = () => db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'sent')).get()?.n ?? 0

export function registerJobCommands(program: Command) {
  const jobs = program.command('jobs').description('Scheduled work (expiries, matching, e-mail delivery)')
  jobs
    .command('run')
    .description('Run every job that is due and the periodic tasks (e-mail delivery, clean-ups) now')
    .action(async () => {
      boot()
      const { runDueJobs, runPeriodicTasks } = await import('../jobs')
      const before = sentCount()
      const ran = runDueJobs()
      await runPeriodicTasks()
      console.log(`${ran} due job${ran === 1 ? '' : 's'} run; ${sentCount() - before} e-mail${sentCount() - before === 1 ? '' : 's'} delivered.`)
    })
}
