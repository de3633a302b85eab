import { getTableColumns, getTableName, is, Table, type Column } from 'drizzle-orm'
import type { Database } from 'bun:sqlite'
import { writerOf, type DB } from './client'
import * as schema from './schema'
import { sealValue } from './schema'
import { rowid } from './dialect'

/**
 * Every sealed column of the schema, table by table (ADR 013). A column is
 * sealed when the schema declares it with `sealed*()`; this list is derived
 * from the schema, so a new sealed column is re-keyed by `keys rotate` and
 * sealed at start without being listed anywhere else.
 */
export function sealedTables(): Array<{ table: string; columns: Column[] }> {
  const out: Array<{ table: string; columns: Column[] }> = []
  for (const value of Object.values(schema)) {
    if (!is(value, Table)) continue
    // drizzle keeps a custom column's encoder as `mapTo`: sealed columns share `sealValue`.
    const columns = Object.values(getTableColumns(value)).filter((c) => (c as unknown as { mapTo?: unknown }).mapTo === sealValue)
    if (columns.length) out.push({ table: getTableName(value), columns })
  }
  return out
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * Seals every value of the sealed columns again with the current key. With
 * `onlyClear`, only values still in clear (written before their column was
 * sealed) are touched; otherwise every value is re-keyed (`keys rotate`).
 * Call inside a transaction on that connection; returns the number of rows changed
 * per table.
 */
export function resealColumns(sqlite: Database, opts: { onlyClear: boolean }): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { table, columns } of sealedTables()) {
    const names = columns.map((c) => quote(c.name))
    const pending = opts.onlyClear
      ? columns.map((c) => `(${quote(c.name)} IS NOT NULL AND substr(${quote(c.name)}, 1, 4) <> 'hw1:')`).join(' OR ')
      : columns.map((c) => `${quote(c.name)} IS NOT NULL`).join(' OR ')
    const rows = sqlite.query(`SELECT ${rowid()} AS _rowid, ${names.join(', ')} FROM ${quote(table)} WHERE ${pending}`).all() as Record<string, unknown>[]
    if (rows.length === 0) continue
    const update = sqlite.query(`UPDATE ${quote(table)} SET ${names.map((n, i) => `${n} = ?${i + 1}`).join(', ')} WHERE ${rowid()} = ?${names.length + 1}`)
    for (const row of rows) {
      // Reading opens whichever key sealed the value (or takes the clear one); writing seals with the current key.
      const values = columns.map((c) => (row[c.name] == null ? null : c.mapToDriverValue(c.mapFromDriverValue(row[c.name]))))
      update.run(...(values as string[]), row._rowid as number)
    }
    counts[table] = rows.length
  }
  return counts
}

/**
 * Bumped whenever a column becomes sealed: a database below this version
 * may hold clear values in sealed columns, and gets them sealed once at start.
 * Kept in SQLite's `PRAGMA user_version` (unused otherwise).
 */
export const SEALED_SCHEMA_VERSION = 2

/** At start: seals values left in clear by an older version, once per SEALED_SCHEMA_VERSION. */
export function sealClearValues(database: DB) {
  const { user_version } = database.$client.query('PRAGMA user_version').get() as { user_version: number }
  if (user_version >= SEALED_SCHEMA_VERSION) return null
  // At start, before anything else runs: the writer connection directly, in one IMMEDIATE transaction.
  const { client } = writerOf(database)
  client.exec('BEGIN IMMEDIATE')
  let counts: Record<string, number>
  try {
    counts = resealColumns(client, { onlyClear: true })
    client.exec(`PRAGMA user_version = ${SEALED_SCHEMA_VERSION}`)
    client.exec('COMMIT')
  } catch (error) {
    client.exec('ROLLBACK')
    throw error
  }
  // The clear values may survive in free pages and the WAL of an older file: rewrite it once.
  if (Object.keys(counts).length) client.exec('VACUUM; PRAGMA wal_checkpoint(TRUNCATE)')
  return counts
}
