import { and, eq } from 'drizzle-orm'
import { sql } from 'drizzle-orm'
import type { DB, Tx } from '../db/client'
import { row } from '../db/raw'
import { SKIP_LOCKED } from '../db/dialect'
import { jobs } from '../db/schema'
import { transaction } from '../db/unit-of-work'
import { backoffMs, clock, MINUTE } from '../lib/clock'
import { log } from '../lib/logger'

/**
 * In-process scheduler with persisted jobs.
 *
 * - A job has a kind, an idempotency `key` (unique) and a due time. Scheduling
 *   the same key twice is a no-op, so callers never need to check first.
 * - A runner claims one due job at a time with a single UPDATE ... RETURNING, so
 *   two overlapping runners never take the same job: the due condition is
 *   checked again on the row it updates, and on PostgreSQL the pick skips rows
 *   another runner holds (`FOR UPDATE SKIP LOCKED`), so runners take
 *   different jobs instead of waiting for each other.
 * - The handler runs inside one transaction together with marking the job done:
 *   either both happen or neither, which makes each expiry fire exactly once,
 *   and a crash mid-job leaves it to be re-claimed after its lock expires.
 *   That transaction is a unit of work (server/db/unit-of-work.ts): what a
 *   handler registers with afterCommit() runs once the job is marked done.
 * - Jobs due while the server was down run at the next start (catch-up).
 */
export type JobHandler = (ctx: { tx: Tx; payload: Record<string, unknown>; now: Date; key: string }) => Promise<void>
const handlers = new Map<string, JobHandler>()

/** Registers the handler of a job kind. Define jobs next to what they act on. */
export function defineJob(kind: string, handler: JobHandler) {
  handlers.set(kind, handler)
  return kind
}

export async function scheduleJob(tx: Tx, job: { kind: string; key: string; runAt: Date; payload?: Record<string, unknown> }) {
  await tx
    .insert(jobs)
    .values({ kind: job.kind, key: job.key, run_at: job.runAt, payload: job.payload ?? {} })
    // The column by its bare name: both engines take it (PostgreSQL refuses a table-qualified conflict target).
    .onConflictDoNothing({ target: sql`${sql.identifier(jobs.key.name)}` })
}

/** Cancels a pending job (e.g. the checkout expiry once the payment completed). */
export async function cancelJob(tx: Tx, key: string) {
  await tx
    .update(jobs)
    .set({ status: 'cancelled', finished_at: clock.now() })
    .where(and(eq(jobs.key, key), eq(jobs.status, 'pending')))
}

const LOCK_MS = 5 * MINUTE
const MAX_ATTEMPTS = 5

type ClaimedJob = { id: string; kind: string; key: string; payload: string; attempts: number }

function claimNext(db: DB, now: Date) {
  const until = now.getTime() + LOCK_MS
  const at = now.getTime()
  return transaction(db, (tx) =>
    row<ClaimedJob>(
      tx,
      sql`UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = ${until}
       WHERE id = (
         SELECT id FROM jobs
         WHERE (status = 'pending' AND run_at <= ${at}) OR (status = 'running' AND locked_until <= ${at})
         ORDER BY run_at, id LIMIT 1 ${SKIP_LOCKED})
       AND ((status = 'pending' AND run_at <= ${at}) OR (status = 'running' AND locked_until <= ${at}))
       RETURNING id, kind, key, payload, attempts`,
    ),
  )
}

/** Runs every job due now. Returns how many ran. Used by the runner and `homeward jobs run`. */
export async function runDueJobs(db: DB, limit = 1000): Promise<number> {
  let ran = 0
  for (; ran < limit; ran++) {
    const now = clock.now()
    const job = await claimNext(db, now)
    if (!job) break
    const handler = handlers.get(job.kind)
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`)
      await transaction(db, async (tx) => {
        await handler({ tx, payload: JSON.parse(job.payload), now, key: job.key })
        await tx
          .update(jobs)
          .set({ status: 'done', finished_at: clock.now(), locked_until: null })
          .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')))
      })
      log.info('job done', { job: job.kind, key: job.key, attempts: job.attempts })
    } catch (error) {
      const failed = job.attempts >= MAX_ATTEMPTS
      log.error('job failed', { job: job.kind, key: job.key, attempts: job.attempts, error: String(error) })
      await transaction(db, (tx) =>
        tx
        .update(jobs)
        .set({
          status: failed ? 'failed' : 'pending',
          last_error: String(error).slice(0, 1000),
          locked_until: null,
          // Back off: 1, 2, 4, 8 minutes.
          run_at: new Date(now.getTime() + backoffMs(job.attempts)),
          finished_at: failed ? clock.now() : null,
        })
        .where(eq(jobs.id, job.id)),
      )
    }
  }
  return ran
}

/** Periodic tasks that are not keyed jobs (outbox delivery, clean-ups). */
type Periodic = { name: string; everyMs: number; run: (db: DB) => Promise<unknown>; lastRun: number }
const periodic: Periodic[] = []

export function every(name: string, everyMs: number, run: (db: DB) => Promise<unknown>) {
  if (!periodic.some((p) => p.name === name)) periodic.push({ name, everyMs, run, lastRun: 0 })
}

/** Runs the periodic tasks now, regardless of their interval (CLI and tests). */
export async function runPeriodicTasks(db: DB) {
  for (const task of periodic) {
    task.lastRun = Date.now()
    await task.run(db)
  }
}

let timer: ReturnType<typeof setInterval> | null = null
/** The database the running scheduler works on (set while it runs). */
let scheduled: DB | null = null
/** The tick running now, if any: the next tick skips while it runs, and a shutdown waits for it (a job's unit of work is not cut in half). */
let running: Promise<void> | null = null

async function tick(db: DB) {
  try {
    await runDueJobs(db)
    for (const task of periodic) {
      if (!timer) break
      if (Date.now() - task.lastRun < task.everyMs) continue
      task.lastRun = Date.now()
      await task.run(db)
    }
  } catch (error) {
    log.error('scheduler tick failed', { error: String(error) })
  } finally {
    running = null
  }
}

export function startScheduler(db: DB, tickMs = 1000) {
  if (timer) return
  scheduled = db
  timer = setInterval(() => {
    running ??= tick(db)
  }, tickMs)
}

/**
 * Asks this process's scheduler (if it runs) to run a periodic task now instead of at its next interval:
 * an e-mail just queued goes out at once rather than up to two seconds later. A tick already running
 * leaves it to the next one, a second away. Other instances are not asked: the one that queued it sends it.
 */
export function runSoon(name: string) {
  const task = periodic.find((p) => p.name === name)
  if (!task || !timer || !scheduled) return
  task.lastRun = 0
  const db = scheduled
  running ??= tick(db)
}

/** Stops the timer; resolves once the tick that is running (if any) has finished. */
export async function stopScheduler() {
  if (timer) clearInterval(timer)
  timer = null
  scheduled = null
  await running
}
