import { count, eq } from 'drizzle-orm'
import { boot } from '../boot'
import '../composition'
import type { DB } from '../db/client'
import { outbox } from '../db/schema'
import { runDueJobs, runPeriodicTasks } from '../jobs'

const sentCount = async (db: DB) => (await db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'sent')))[0]?.n ?? 0

export async function runJobsNow() {
  const { database } = await boot()
  const before = await sentCount(database)
  const ran = await runDueJobs(database)
  await runPeriodicTasks(database)
  const delivered = (await sentCount(database)) - before
  console.log(`${ran} due job${ran === 1 ? '' : 's'} run; ${delivered} e-mail${delivered === 1 ? '' : 's'} delivered.`)
}
