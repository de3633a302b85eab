import { count, eq } from 'drizzle-orm'
import { boot } from '../boot'
import '../composition'
import { db } from '../db/client'
import { outbox } from '../db/schema'
import { runDueJobs, runPeriodicTasks } from '../jobs'

const sentCount = () => db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'sent')).get()?.n ?? 0

export async function runJobsNow() {
  boot()
  const before = sentCount()
  const ran = runDueJobs()
  await runPeriodicTasks()
  const delivered = sentCount() - before
  console.log(`${ran} due job${ran === 1 ? '' : 's'} run; ${delivered} e-mail${delivered === 1 ? '' : 's'} delivered.`)
}
