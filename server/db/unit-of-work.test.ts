import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { setupTestDb } from '../test/setup'
import { db } from './client'
import { webhook_events } from './schema'
import { afterCommit, savepoint, transaction, transactionSync } from './unit-of-work'

setupTestDb()

const eventRow = (id: string) => db.select().from(webhook_events).where(eq(webhook_events.id, id)).get()

describe('the unit of work (ADR 016)', () => {
  test('effects run after COMMIT, in the order they were registered', async () => {
    const seen: string[] = []
    const value = await transaction((tx) => {
      tx.insert(webhook_events).values({ id: 'uow-commit', type: 'test' }).run()
      afterCommit(tx, () => seen.push(`first, committed: ${!!eventRow('uow-commit')}`))
      afterCommit(tx, async () => {
        await Bun.sleep(1)
        seen.push('second (async, awaited)')
      })
      afterCommit(tx, () => seen.push('third'))
      seen.push('work done')
      return 42
    })
    expect(value).toBe(42)
    expect(seen).toEqual(['work done', 'first, committed: true', 'second (async, awaited)', 'third'])
  })

  test('an effect registered inside a transaction that rolls back never runs', async () => {
    const seen: string[] = []
    await expect(
      transaction((tx) => {
        tx.insert(webhook_events).values({ id: 'uow-rollback', type: 'test' }).run()
        afterCommit(tx, () => seen.push('must not run'))
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(() =>
      transactionSync((tx) => {
        afterCommit(tx, () => seen.push('must not run either'))
        throw new Error('rolled back too')
      }),
    ).toThrow('rolled back too')
    await Bun.sleep(5)
    expect(seen).toEqual([])
    expect(eventRow('uow-rollback')).toBeUndefined()
  })

  test('a failing effect is logged and neither undoes the commit nor stops the next one', async () => {
    const seen: string[] = []
    await transaction((tx) => {
      tx.insert(webhook_events).values({ id: 'uow-failing', type: 'test' }).run()
      afterCommit(tx, () => {
        throw new Error('push failed')
      })
      afterCommit(tx, () => seen.push('next'))
    })
    expect(seen).toEqual(['next'])
    expect(eventRow('uow-failing')).toBeDefined()
  })

  test('a savepoint rolled back to drops its effects; a released one keeps them', async () => {
    const seen: string[] = []
    await transaction((tx) => {
      try {
        savepoint(tx, (inner) => {
          afterCommit(inner, () => seen.push('dropped'))
          throw new Error('inner failure')
        })
      } catch {
        // the outer unit goes on
      }
      savepoint(tx, (inner) => afterCommit(inner, () => seen.push('kept')))
    })
    expect(seen).toEqual(['kept'])
  })

  test('registering outside a unit of work is a programming error, not a silent early push', () => {
    expect(() => afterCommit(db, () => {})).toThrow('afterCommit() needs a transaction')
    expect(() => db.transaction((tx) => afterCommit(tx, () => {}))).toThrow('afterCommit() needs a transaction')
  })
})
