import { and, eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { jobs } from '../../db/schema'
import { log } from '../../lib/logger'

/**
 * Effects that must only happen once the transaction that caused them has
 * committed: live pushes (notify()), Stripe refunds. Services collect them and
 * return them; the caller runs them after commit.
 */
export type AfterCommit = () => unknown

export function collect() {
  const effects: AfterCommit[] = []
  return {
    effects,
    add(effect: AfterCommit | void | null | undefined) {
      if (effect) effects.push(effect)
    },
    addAll(more: readonly AfterCommit[]) {
      effects.push(...more)
    },
  }
}

/** Runs the effects; a failing one is logged and never undoes the committed change. */
export async function runAfterCommit(effects: readonly AfterCommit[]) {
  for (const effect of effects) {
    try {
      await effect()
    } catch (error) {
      log.error('after-commit effect failed', { error: error instanceof Error ? error.message : String(error) })
    }
  }
}

/**
 * Scheduler handlers run inside the runner's transaction and cannot await.
 * Their effects run on the next tick, and only if the job was marked done,
 * i.e. the transaction committed.
 */
export function afterJobCommit(jobKey: string, effects: readonly AfterCommit[]) {
  if (effects.length === 0) return
  queueMicrotask(() => {
    const done = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.key, jobKey), eq(jobs.status, 'done')))
      .get()
    if (done) void runAfterCommit(effects)
  })
}
