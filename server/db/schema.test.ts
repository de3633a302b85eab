import { describe, expect, test } from 'bun:test'
import { setupTestDb } from '../test/setup'

const t = setupTestDb()

/** Every foreign key column leads an index: joins and ON DELETE cascades never scan a whole table (issue 18). */
describe('the migrated schema', () => {
  test('every foreign key column is the first column of an index (or the primary key)', () => {
    const db = t.db.$client
    const tables = db
      .query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'")
      .all() as { name: string }[]
    const unindexed: string[] = []
    for (const { name } of tables) {
      const leading = new Set(
        (db.query(`PRAGMA index_list("${name}")`).all() as { name: string }[]).map(
          (i) => (db.query(`PRAGMA index_info("${i.name}")`).all() as { name: string }[])[0]?.name,
        ),
      )
      const primary = (db.query(`PRAGMA table_info("${name}")`).all() as { name: string; pk: number }[]).filter((c) => c.pk > 0)
      if (primary.length === 1) leading.add(primary[0]!.name)
      for (const fk of db.query(`PRAGMA foreign_key_list("${name}")`).all() as { from: string }[]) {
        if (!leading.has(fk.from)) unindexed.push(`${name}.${fk.from}`)
      }
    }
    expect(unindexed).toEqual([])
  })
})
