import { log } from '../lib/logger'
import { db, type Executor, type Tx } from './client'

/**
 * One unit of work: a transaction plus the effects that may only happen once
 * it has committed — live pushes (hub.publish, notify()), Stripe refunds,
 * expiring a Stripe checkout session (ADR 016).
 *
 * Services register effects on the transaction they were handed with
 * `afterCommit(tx, effect)`, wherever they are in the call tree; nothing is
 * returned up through the callers. Effects run in the order they were
 * registered, only after COMMIT; a rollback (any throw) drops them. A failing
 * effect is logged and never undoes the committed change, nor stops the next.
 *
 * bun:sqlite transactions are synchronous, so the effects of one unit are
 * known when `db.transaction` returns.
 */
export type Effect = () => unknown

/** The open units: transaction handle → its effects (a WeakMap, so a finished handle leaves nothing behind). */
const open = new WeakMap<object, Effect[]>()

/**
 * Registers an effect to run after the unit of work that owns `tx` commits.
 * Throws when `tx` is not a unit of work's transaction (e.g. `db`, or a plain
 * `db.transaction`): an effect with no commit to wait for would run too early.
 */
export function afterCommit(tx: Executor, effect: Effect) {
  const effects = open.get(tx)
  if (!effects) throw new Error('afterCommit() needs a transaction opened by transaction() from server/db/unit-of-work')
  effects.push(effect)
}

/** Does this handle belong to an open unit of work? (for code that may run with or without one) */
export function inUnitOfWork(tx: Executor) {
  return open.has(tx)
}

/** Commits `work` and returns its value with the effects it registered, not yet run. */
function commit<T>(work: (tx: Tx) => T): { value: T; effects: Effect[] } {
  const effects: Effect[] = []
  const value = db.transaction((tx) => {
    open.set(tx, effects)
    try {
      return work(tx)
    } finally {
      open.delete(tx)
    }
  })
  return { value, effects }
}

/** Runs `work` in one transaction; after COMMIT, runs its effects in order and waits for them. */
export async function transaction<T>(work: (tx: Tx) => T): Promise<T> {
  const { value, effects } = commit(work)
  await runEffects(effects)
  return value
}

/**
 * For callers that cannot await (the job runner, synchronous services):
 * synchronous effects have run when it returns; an asynchronous one is
 * awaited before the next starts, in the background.
 */
export function transactionSync<T>(work: (tx: Tx) => T): T {
  const { value, effects } = commit(work)
  void runEffects(effects)
  return value
}

/**
 * A savepoint inside a unit of work: its effects join the outer unit only if
 * the savepoint is released; rolled back to, they are dropped with its writes.
 */
export function savepoint<T>(tx: Tx, work: (inner: Tx) => T): T {
  const outer = open.get(tx)
  if (!outer) throw new Error('savepoint() needs a transaction opened by transaction() from server/db/unit-of-work')
  const effects: Effect[] = []
  const value = tx.transaction((inner) => {
    open.set(inner, effects)
    try {
      return work(inner)
    } finally {
      open.delete(inner)
    }
  })
  outer.push(...effects)
  return value
}

/**
 * Runs effects in order. Synchronous ones run at once (a live push is visible
 * when the caller continues, as before); a promise is awaited before the next.
 */
export function runEffects(effects: readonly Effect[]): Promise<void> {
  for (let i = 0; i < effects.length; i++) {
    let result: unknown
    try {
      result = effects[i]!()
    } catch (error) {
      failed(error)
      continue
    }
    if (result instanceof Promise) {
      return result.then(undefined, failed).then(() => runEffects(effects.slice(i + 1)))
    }
  }
  return Promise.resolve()
}

function failed(error: unknown) {
  log.error('after-commit effect failed', { error: error instanceof Error ? error.message : String(error) })
}
