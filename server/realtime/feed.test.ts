/**
 * Live events across instances on PostgreSQL (ADR 022): a second pool on the
 * same database stands in for another instance. Events are numbered in
 * commit order, announced to every listener, and a listener that lost its
 * connection catches up. SQLite has one writer in one process: nothing to test.
 */
import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { closeHandle, ENGINE, openDatabase, type DB } from '../db/client'
import { rows } from '../db/raw'
import { transaction } from '../db/unit-of-work'
import { createUser, setupTestDb } from '../test/setup'
import { openStream } from '../features/messaging/test-fixtures'
import { hub } from './hub'

const t = setupTestDb()
const onPostgres = describe.if(ENGINE === 'postgres')

/** Another instance: its own pool on the same database. */
async function anotherInstance(): Promise<DB> {
  return openDatabase(t.target, { poolSize: 2 })
}

onPostgres('live events on several instances', () => {
  test('ids are issued in commit order: an event committed later never gets a smaller id', async () => {
    const user = await createUser()
    const other = await anotherInstance()
    try {
      let finish!: () => void
      const held = new Promise<void>((resolve) => (finish = resolve))
      let firstPublished!: () => void
      const published = new Promise<void>((resolve) => (firstPublished = resolve))
      // The first transaction publishes first, then waits; the second publishes and commits before it.
      const slow = transaction(t.db, async (tx) => {
        await hub.publish(tx, [user.id], 'test.first-published', {})
        firstPublished()
        await held
      })
      await published
      await transaction(other, (tx) => hub.publish(tx, [user.id], 'test.first-committed', {}))
      finish()
      await slow
      const order = await rows<{ type: string }>(
        t.db,
        sql`SELECT type FROM realtime_events WHERE type LIKE 'test.%' AND audience LIKE ${`%${user.id}%`} ORDER BY id`,
      )
      expect(order.map((r) => r.type)).toEqual(['test.first-committed', 'test.first-published'])
    } finally {
      await closeHandle(other)
    }
  })

  test('an event published through another instance reaches a stream held here', async () => {
    const user = await createUser()
    const stream = await openStream(user.agent)
    await stream.waitFor((f) => f.data?.type === 'ready')
    const other = await anotherInstance()
    try {
      await transaction(other, (tx) => hub.publish(tx, [user.id], 'test.elsewhere', { n: 1 }))
      const event = await stream.waitFor((f) => f.data?.type === 'test.elsewhere')
      expect(event.data?.data).toEqual({ n: 1 })
    } finally {
      await stream.close()
      await closeHandle(other)
    }
  })

  test('a listener that lost its connection listens again and delivers what was committed meanwhile', async () => {
    const user = await createUser()
    const stream = await openStream(user.agent)
    await stream.waitFor((f) => f.data?.type === 'ready')
    const killed = await rows<{ killed: boolean }>(
      t.db,
      sql`SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
          WHERE datname = current_database() AND query = 'LISTEN "homeward_events"'`,
    )
    expect(killed.length).toBeGreaterThan(0)
    const other = await anotherInstance()
    try {
      await transaction(other, (tx) => hub.publish(tx, [user.id], 'test.while-deaf', {}))
      const event = await stream.waitFor((f) => f.data?.type === 'test.while-deaf')
      expect(Number(event.id)).toBeGreaterThan(0)
    } finally {
      await stream.close()
      await closeHandle(other)
    }
  })
})
