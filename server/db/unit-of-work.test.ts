import { describe, expect, test } from 'bun:test'
import { eq, like } from 'drizzle-orm'
import { database, ENGINE } from './client'
import { webhook_events } from './schema'
import { afterCommit, savepoint, transaction } from './unit-of-work'
import { db, setupTestDb } from '../test/setup'
import { nextTurn } from '../test/eventually'

setupTestDb()

/** Read through the read handle: it sees only what has been committed. */
const eventRow = async (id: string) => (await database().select().from(webhook_events).where(eq(webhook_events.id, id)).limit(1))[0]
const insertEvent = (tx: Parameters<Parameters<typeof transaction>[1]>[0], id: string) => tx.insert(webhook_events).values({ id, type: 'test' })

describe('the unit of work (ADR 017, ADR 020)', () => {
  test('effects run after COMMIT, in the order they were registered', async () => {
    const seen: string[] = []
    const value = await transaction(database(), async (tx) => {
      await insertEvent(tx, 'uow-commit')
      afterCommit(tx, async () => seen.push(`first, committed: ${!!(await eventRow('uow-commit'))}`))
      afterCommit(tx, async () => {
        await nextTurn()
        seen.push('second (async, awaited)')
      })
      afterCommit(tx, () => seen.push('third'))
      seen.push('work done')
      return 42
    })
    expect(value).toBe(42)
    expect(seen).toEqual(['work done', 'first, committed: true', 'second (async, awaited)', 'third'])
  })

  test('a throw rolls back every write and drops every effect', async () => {
    const seen: string[] = []
    await expect(
      transaction(database(), async (tx) => {
        await insertEvent(tx, 'uow-rollback')
        afterCommit(tx, () => seen.push('must not run'))
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    // transaction() runs a unit's effects before it settles: none can still come after this.
    expect(seen).toEqual([])
    expect(await eventRow('uow-rollback')).toBeUndefined()
  })

  test('a failing effect is logged and neither undoes the commit nor stops the next one', async () => {
    const seen: string[] = []
    await transaction(database(), async (tx) => {
      await insertEvent(tx, 'uow-failing')
      afterCommit(tx, () => {
        throw new Error('push failed')
      })
      afterCommit(tx, () => seen.push('next'))
    })
    expect(seen).toEqual(['next'])
    expect(await eventRow('uow-failing')).toBeDefined()
  })

  test('a savepoint rolled back to drops its writes and effects; a released one keeps them', async () => {
    const seen: string[] = []
    await transaction(database(), async (tx) => {
      await savepoint(tx, async (inner) => {
        await insertEvent(inner, 'uow-savepoint-dropped')
        afterCommit(inner, () => seen.push('dropped'))
        throw new Error('inner failure')
      }).catch(() => {
        // the outer unit goes on
      })
      await savepoint(tx, async (inner) => {
        await insertEvent(inner, 'uow-savepoint-kept')
        afterCommit(inner, () => seen.push('kept'))
      })
    })
    expect(seen).toEqual(['kept'])
    expect(await eventRow('uow-savepoint-dropped')).toBeUndefined()
    expect(await eventRow('uow-savepoint-kept')).toBeDefined()
  })

  test('handed an open transaction, transaction() joins it: one commit, one rollback', async () => {
    const seen: string[] = []
    await expect(
      transaction(database(), async (tx) => {
        await transaction(tx, async (joined) => {
          expect(joined).toBe(tx)
          await insertEvent(joined, 'uow-joined')
          afterCommit(joined, () => seen.push('joined effect'))
        })
        throw new Error('the outer unit fails after the inner one returned')
      }),
    ).rejects.toThrow('outer unit fails')
    expect(await eventRow('uow-joined')).toBeUndefined()
    expect(seen).toEqual([])
  })

  test('opening a second transaction on the database from inside one is refused instead of waiting for itself', async () => {
    await expect(transaction(database(), () => transaction(database(), () => 1))).rejects.toThrow('would wait for itself')
  })

  test.if(ENGINE === 'sqlite')('units of work of one process take turns (SQLite only: one writer connection; on PostgreSQL each has a connection of its own and they run side by side)', async () => {
    const order: string[] = []
    const unit = (name: string) =>
      transaction(database(), async (tx) => {
        order.push(`${name} begins`)
        await insertEvent(tx, `uow-turn-${name}`)
        await nextTurn()
        order.push(`${name} ends`)
      })
    await Promise.all([unit('a'), unit('b'), unit('c')])
    expect(order).toEqual(['a begins', 'a ends', 'b begins', 'b ends', 'c begins', 'c ends'])
  })

  // SQLite takes the units in turns (the test above), so nothing is half-done to see. PostgreSQL runs them side
  // by side: the second unit is made to write and read while the first one is held open between its write
  // and its commit, so the check does not depend on whether the scheduler happened to overlap them.
  test.if(ENGINE === 'postgres')('a unit of work never sees another one half-done', async () => {
    let firstWrote!: () => void
    const written = new Promise<void>((resolve) => (firstWrote = resolve))
    let releaseFirst!: () => void
    const released = new Promise<void>((resolve) => (releaseFirst = resolve))
    const ids = async (tx: Parameters<Parameters<typeof transaction>[1]>[0]) =>
      (await tx.select({ id: webhook_events.id }).from(webhook_events).where(like(webhook_events.id, 'uow-iso-%'))).map((r) => r.id).sort()
    const first = transaction(database(), async (tx) => {
      await insertEvent(tx, 'uow-iso-first')
      firstWrote()
      await released
      return ids(tx)
    })
    await written
    const second = await transaction(database(), async (tx) => {
      await insertEvent(tx, 'uow-iso-second')
      return ids(tx)
    })
    // The first one is still open: its row is not there for the second to see.
    expect(second).toEqual(['uow-iso-second'])
    releaseFirst()
    // READ COMMITTED: once the second has committed, the first sees it, and its own row.
    expect(await first).toEqual(['uow-iso-first', 'uow-iso-second'])
  })

  test('the read handle sees committed rows only, and refuses to write', async () => {
    let seenInside: unknown = 'not read'
    await transaction(database(), async (tx) => {
      await insertEvent(tx, 'uow-uncommitted')
      seenInside = await eventRow('uow-uncommitted')
      expect((await tx.select().from(webhook_events).where(eq(webhook_events.id, 'uow-uncommitted')))[0]).toBeDefined()
    })
    expect(seenInside).toBeUndefined()
    expect(await eventRow('uow-uncommitted')).toBeDefined()
    // SQLite: "attempt to write a readonly database"; PostgreSQL: "cannot execute INSERT in a read-only transaction".
    // In an async function: bun:sqlite throws synchronously, PostgreSQL rejects.
    const refused = await (async () => database().insert(webhook_events).values({ id: 'uow-read-handle', type: 'test' }).run())().then(
      () => null,
      (e: Error) => e,
    )
    expect(`${refused?.message} ${(refused?.cause as Error | undefined)?.message}`).toMatch(/readonly|read-only/)
  })

  test('registering outside a unit of work is a programming error, not a silent early push', () => {
    expect(() => afterCommit(database(), () => {})).toThrow('afterCommit() needs a transaction')
    expect(() => afterCommit(db, () => {})).toThrow('afterCommit() needs a transaction')
  })
})
