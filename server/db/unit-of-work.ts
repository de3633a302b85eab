import { AsyncLocalStorage } from 'node:async_hooks'
import { log } from '../lib/logger'
import { connOf, writerOf, type DB, type Executor, type Tx, type Writer } from './client'

/**
 * One unit of work (ADR 017, ADR 020): a transaction plus the effects that may
 * only happen once it has committed — live pushes (hub.publish, notify()),
 * Stripe refunds, expiring a Stripe checkout session.
 *
 * `transaction(db, async (tx) => …)` is the only way to write. Handed a
 * database it opens a transaction; handed the `tx` of an open one it joins
 * it, so a use case that writes can be called alone or inside another.
 *
 * The engine opens it (`writer.begin()`): on SQLite `BEGIN IMMEDIATE` on the
 * one writer connection, units of work of this process taking turns on it
 * (sqlite.ts); on PostgreSQL `BEGIN` on a pooled connection of its own, with
 * row locks (`forUpdate`) and unique indexes deciding races (postgres.ts).
 *
 * Services register effects on the transaction they were handed with
 * `afterCommit(tx, effect)`, wherever they are in the call tree. Effects run
 * in the order they were registered, only after COMMIT; a rollback (any
 * throw) drops them. A failing effect is logged and never undoes the
 * committed change, nor stops the next. An effect receives the database, on
 * which it may open a unit of work of its own (the `tx` has ended).
 */
export type Effect = (db: DB) => unknown

/** The open units: transaction handle → its effects (a WeakMap, so a finished handle leaves nothing behind). */
const open = new WeakMap<object, Effect[]>()

/** The writer whose transaction the current async context holds: opening another on it would wait for itself. */
const holding = new AsyncLocalStorage<{ writer: Writer; done: boolean }>()

/**
 * Registers an effect to run after the unit of work that owns `tx` commits.
 * Throws when `tx` is not a unit of work's transaction: an effect with no
 * commit to wait for would run too early.
 */
export function afterCommit(tx: Executor, effect: Effect) {
  const effects = open.get(tx)
  if (!effects) throw new Error('afterCommit() needs a transaction opened by transaction() from server/db/unit-of-work')
  effects.push(effect)
}

/** Does this handle belong to an open unit of work? (for code that may run with or without one) */
export function inUnitOfWork(ex: Executor): ex is Tx {
  return open.has(ex)
}

let active = 0
let observeWait: ((seconds: number) => void) | undefined

/** Units of work open now in this process (GET /metrics). */
export const openUnits = () => active

/**
 * Hands `observer` how long each unit of work waited for its connection
 * (PostgreSQL: a pooled connection reserved) or the write lock (SQLite:
 * BEGIN IMMEDIATE), in seconds. One observer: GET /metrics's (server/metrics).
 */
export function observeUnitWaits(observer: ((seconds: number) => void) | undefined) {
  observeWait = observer
}

/**
 * Runs `work` in one transaction (or, handed an open unit's `tx`, inside it);
 * after COMMIT runs its effects in order and waits for them.
 */
export async function transaction<T>(ex: Executor, work: (tx: Tx) => Promise<T> | T): Promise<T> {
  if (open.has(ex)) return work(ex as Tx)
  const writer = writerOf(ex)
  const held = holding.getStore()
  if (held && !held.done && held.writer === writer) {
    throw new Error('transaction(db) inside an open transaction would wait for itself: pass its tx instead')
  }
  const effects: Effect[] = []
  const value = await holding.run({ writer, done: false }, async () => {
    const scope = holding.getStore()!
    const asked = performance.now()
    const opened = await writer.begin()
    observeWait?.((performance.now() - asked) / 1000)
    open.set(opened.tx, effects)
    active++
    try {
      const result = await work(opened.tx)
      await opened.commit()
      return result
    } catch (error) {
      await opened.rollback()
      throw error
    } finally {
      active--
      open.delete(opened.tx)
      scope.done = true
    }
  })
  await runEffects(effects, writer.root)
  return value
}

let savepoints = 0

/**
 * A savepoint inside a unit of work: its writes and effects join the outer
 * unit only if `work` returns; if it throws, they are rolled back and dropped
 * and the error goes on to the caller (who may catch it and carry on).
 */
export async function savepoint<T>(tx: Tx, work: (inner: Tx) => Promise<T> | T): Promise<T> {
  const outer = open.get(tx)
  if (!outer) throw new Error('savepoint() needs a transaction opened by transaction() from server/db/unit-of-work')
  const conn = connOf(tx)
  const name = `sp${++savepoints}`
  const effects: Effect[] = []
  const inner = Object.create(tx) as Tx
  await conn.exec(`SAVEPOINT ${name}`)
  open.set(inner, effects)
  try {
    const value = await work(inner)
    await conn.exec(`RELEASE SAVEPOINT ${name}`)
    outer.push(...effects)
    return value
  } catch (error) {
    await conn.exec(`ROLLBACK TO SAVEPOINT ${name}`)
    await conn.exec(`RELEASE SAVEPOINT ${name}`)
    throw error
  } finally {
    open.delete(inner)
  }
}

/**
 * Runs effects in order. Synchronous ones run at once (a live push is visible
 * when the caller continues); a promise is awaited before the next.
 */
export function runEffects(effects: readonly Effect[], db: DB): Promise<void> {
  for (let i = 0; i < effects.length; i++) {
    let result: unknown
    try {
      result = effects[i]!(db)
    } catch (error) {
      failed(error)
      continue
    }
    if (result instanceof Promise) {
      return result.then(undefined, failed).then(() => runEffects(effects.slice(i + 1), db))
    }
  }
  return Promise.resolve()
}

function failed(error: unknown) {
  log.error('after-commit effect failed', { error: error instanceof Error ? error.message : String(error) })
}
