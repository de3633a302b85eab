import type { Database } from 'bun:sqlite'

/**
 * A database's shape as the tests compare it: tables, columns (declared type,
 * NOT NULL, generated), primary keys, indexes, foreign keys, the names of CHECK
 * constraints, and triggers. Both engines are read into it
 * (server/db/schema-parity.test.ts), and a migrated SQLite database is
 * compared with one made from schema.ts (server/db/migrations-current.test.ts).
 */
export type Column = { name: string; type: string; notNull: boolean; generated: boolean }
export type Index = { name: string; unique: boolean; partial: boolean; columns: string[] }
export type ForeignKey = { columns: string[]; table: string; to: string[]; onDelete: string; onUpdate: string }
export type TableShape = { columns: Column[]; primaryKey: string[]; indexes: Index[]; foreignKeys: ForeignKey[]; checks: string[] }
export type Shape = { tables: Record<string, TableShape>; triggers: string[] }

export const byName = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => a.name.localeCompare(b.name))
export const fkKey = (fk: ForeignKey) => `${fk.columns.join(',')}->${fk.table}`

export function sqliteShape(sqlite: Database, ignoredTables: ReadonlySet<string> = new Set(['__drizzle_migrations'])): Shape {
  const all = <T>(text: string, ...params: string[]) => sqlite.query(text).all(...params) as T[]
  const tables: Record<string, TableShape> = {}
  const names = all<{ name: string; sql: string }>(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  ).filter((t) => !ignoredTables.has(t.name))
  for (const { name, sql } of names) {
    const info = all<{ name: string; type: string; notnull: number; pk: number; hidden: number }>(`SELECT * FROM pragma_table_xinfo(?)`, name)
    const indexes = all<{ name: string; unique: number; origin: string; partial: number }>(`SELECT * FROM pragma_index_list(?)`, name)
      .filter((i) => i.origin !== 'pk')
      .map((i) => ({
        name: i.name,
        unique: i.unique === 1,
        partial: i.partial === 1,
        // An expression (properties_geo_idx's latitude band) has no column name.
        columns: all<{ name: string | null }>(`SELECT name FROM pragma_index_info(?) ORDER BY seqno`, i.name).map((c) => c.name ?? '<expression>'),
      }))
    const fks = new Map<number, ForeignKey>()
    for (const fk of all<{ id: number; table: string; from: string; to: string; on_delete: string; on_update: string }>(
      `SELECT * FROM pragma_foreign_key_list(?) ORDER BY id, seq`,
      name,
    )) {
      const entry = fks.get(fk.id) ?? { columns: [], table: fk.table, to: [], onDelete: fk.on_delete.toLowerCase(), onUpdate: fk.on_update.toLowerCase() }
      entry.columns.push(fk.from)
      entry.to.push(fk.to)
      fks.set(fk.id, entry)
    }
    tables[name] = {
      columns: byName(info.map((c) => ({ name: c.name, type: c.type.toLowerCase(), notNull: c.notnull === 1, generated: c.hidden >= 2 }))),
      primaryKey: info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name),
      indexes: byName(indexes),
      foreignKeys: [...fks.values()].sort((a, b) => fkKey(a).localeCompare(fkKey(b))),
      // SQLite keeps no catalogue of CHECKs: their names are in the table's CREATE statement.
      checks: [...sql.matchAll(/CONSTRAINT\s+["`]?(\w+)["`]?\s+CHECK/gi)].map((m) => m[1]!).sort(),
    }
  }
  const triggers = all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").map((t) => t.name)
  return { tables, triggers }
}
