/**
 * The places that read drizzle's private fields (ADR 021, "Upgrading
 * drizzle-orm") fail loudly when drizzle changes, and on PostgreSQL the
 * statement that actually runs carries its lock: checked from a second
 * connection, which the locked row refuses.
 */
import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { database, ENGINE } from './client'
import { forUpdate, lockOwner, sessionOfHandle } from './dialect'
import { users } from './schema'
import { transaction } from './unit-of-work'
import { createUser, setupTestDb } from '../test/setup'

const t = setupTestDb()

/** What a second connection gets when it asks for the row in `mode` without waiting: 'granted' or 'locked'. */
async function secondConnection(id: string, mode: 'KEY SHARE' | 'NO KEY UPDATE' | 'UPDATE'): Promise<'granted' | 'locked'> {
  const { default: postgres } = await import('postgres')
  const other = postgres(t.target, { max: 1, onnotice: () => {} })
  try {
    await other.begin(async (sql) => {
      await sql.unsafe(`SELECT id FROM users WHERE id = $1 FOR ${mode} NOWAIT`, [id])
    })
    return 'granted'
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') return 'locked' // lock_not_available
    throw error
  } finally {
    await other.end({ timeout: 1 })
  }
}

describe("drizzle's private fields are checked where they are read", () => {
  test('a select without the fields forUpdate() locks through is refused, naming the upgrade checklist', () => {
    const real = database().select({ id: users.id }).from(users)
    for (const broken of [{ ...real, dialect: undefined }, { getSQL: () => null, config: {}, session: {}, dialect: {} }, {}]) {
      expect(() => forUpdate(broken)).toThrow('was drizzle-orm upgraded? See ADR 021')
    }
    expect(() => sessionOfHandle({})).toThrow('was drizzle-orm upgraded? See ADR 021')
    expect(sessionOfHandle(database())).toBeObject()
  })

  test('inside a unit of work the locking read renders its lock on PostgreSQL, and SQLite SQL without one', async () => {
    await transaction(database(), async (tx) => {
      const text = forUpdate(tx.select({ id: users.id }).from(users).where(eq(users.id, 'x'))).toSQL().sql
      if (ENGINE === 'postgres') expect(text).toEndWith('FOR UPDATE OF "users"')
      else expect(text).not.toContain('FOR ')
      const weak = forUpdate(tx.select({ id: users.id }).from(users).where(eq(users.id, 'x')), undefined, 'NO KEY UPDATE').toSQL().sql
      if (ENGINE === 'postgres') expect(weak).toEndWith('FOR NO KEY UPDATE OF "users"')
    })
    // Through the read handle, outside a unit of work, nothing is locked.
    expect(forUpdate(database().select({ id: users.id }).from(users)).toSQL().sql).not.toContain('FOR ')
  })

  test.if(ENGINE === 'postgres')('the statement that runs holds the lock asked for until the unit of work ends (a second connection is refused)', async () => {
    const { id } = await createUser()
    await transaction(database(), async (tx) => {
      expect(await forUpdate(tx.select({ id: users.id }).from(users).where(eq(users.id, id)))).toEqual([{ id }])
      // FOR UPDATE conflicts even with the key-share lock a foreign key takes.
      expect(await secondConnection(id, 'KEY SHARE')).toBe('locked')
    })
    expect(await secondConnection(id, 'UPDATE')).toBe('granted')
    await transaction(database(), async (tx) => {
      expect(await lockOwner(tx, users, id)).toBe(true)
      // FOR NO KEY UPDATE: rows that reference the owner may still be written; a second rule-holder waits.
      expect(await secondConnection(id, 'KEY SHARE')).toBe('granted')
      expect(await secondConnection(id, 'NO KEY UPDATE')).toBe('locked')
    })
    // A read through the read handle holds nothing.
    await forUpdate(database().select({ id: users.id }).from(users).where(eq(users.id, id)))
    expect(await secondConnection(id, 'UPDATE')).toBe('granted')
  })
})
