import { getTableColumns, getTableName, is, sql, Table, type Column } from 'drizzle-orm'
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core'
import { connOf, writerOf, type Conn, type DB } from './client'
import { transaction } from './unit-of-work'
import * as schema from './schema'
import { sealValue } from './schema'

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

/** The columns that identify a row of `table`: its primary key. */
function keyColumns(table: string): string[] {
  const found = Object.values(schema).find((t) => is(t, Table) && getTableName(t) === table) as SQLiteTable
  const config = getTableConfig(found)
  const single = config.columns.filter((c) => c.primary).map((c) => c.name)
  return single.length ? single : config.primaryKeys[0]!.columns.map((c) => c.name)
}

/**
 * Seals every value of the sealed columns again with the current key. With
 * `onlyClear`, only values still in clear (written before their column was
 * sealed) are touched; otherwise every value is re-keyed (`keys rotate`).
 * Call inside a transaction, with its connection (either engine); returns the
 * number of rows changed per table.
 */
export async function resealColumns(conn: Conn, opts: { onlyClear: boolean }): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const { table, columns } of sealedTables()) {
    const names = columns.map((c) => quote(c.name))
    const keys = keyColumns(table)
    const pending = opts.onlyClear
      ? columns.map((c) => `(${quote(c.name)} IS NOT NULL AND substr(${quote(c.name)}, 1, 4) <> 'hw1:')`).join(' OR ')
      : columns.map((c) => `${quote(c.name)} IS NOT NULL`).join(' OR ')
    const selectKeys = keys.map((k, i) => `${quote(k)} AS _k${i}`).join(', ')
    const rows = await conn.all<Record<string, unknown>>(`SELECT ${selectKeys}, ${names.join(', ')} FROM ${quote(table)} WHERE ${pending}`)
    if (rows.length === 0) continue
    for (const row of rows) {
      // Reading opens whichever key sealed the value (or takes the clear one); writing seals with the current key.
      const set = columns.map((c) => sql`${sql.identifier(c.name)} = ${row[c.name] == null ? null : c.mapToDriverValue(c.mapFromDriverValue(row[c.name]))}`)
      const where = keys.map((k, i) => sql`${sql.identifier(k)} = ${row[`_k${i}`]}`)
      await conn.query(sql`UPDATE ${sql.identifier(table)} SET ${sql.join(set, sql`, `)} WHERE ${sql.join(where, sql` AND `)}`)
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

/**
 * At start: seals values left in clear by an older version, once per
 * SEALED_SCHEMA_VERSION. SQLite only: a PostgreSQL database is created by
 * this version's migrations or restored from an archive of sealed values
 * (ADR 021), so it never held clear ones.
 */
export async function sealClearValues(database: DB) {
  const writer = writerOf(database)
  if (writer.engine !== 'sqlite') return null
  const [{ user_version }] = (await connOf(database).all<{ user_version: number }>('PRAGMA user_version')) as [{ user_version: number }]
  if (user_version >= SEALED_SCHEMA_VERSION) return null
  // At start, before anything else runs: one unit of work on the writer.
  const counts = await transaction(database, async (tx) => {
    const conn = connOf(tx)
    const changed = await resealColumns(conn, { onlyClear: true })
    await conn.exec(`PRAGMA user_version = ${SEALED_SCHEMA_VERSION}`)
    return changed
  })
  // The clear values may survive in free pages and the WAL of an older file: rewrite it once.
  if (Object.keys(counts).length) await connOf(writer.direct).exec('VACUUM; PRAGMA wal_checkpoint(TRUNCATE)')
  return counts
}
