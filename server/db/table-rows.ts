import { createHash } from 'node:crypto'
import { is, sql } from 'drizzle-orm'
import { getTableConfig as pgTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { writerOf, type Conn, type DB, type Engine } from './client'
import * as schema from './schema'
import { sqliteClientOf } from './sqlite'
import * as pgSchema from './schema.pg'

/**
 * Every table's rows in a form that does not depend on the engine, for
 * backups (server/cli/backup.ts): one JSON array of values per row, in a
 * fixed column order, rows sorted by primary key in JavaScript (plain string
 * or number comparison, never a collation), so SQLite and PostgreSQL holding
 * the same data give the same bytes and the same SHA-256.
 *
 * Values are as stored: sealed columns stay ciphertext, timestamps integer
 * milliseconds, booleans 1/0 (postgres.ts reads them the way SQLite gives
 * them), JSON columns their text.
 */
export type TableSpec = {
  name: string
  /** The schema's columns (server/db/schema.ts) minus generated ones, plus `rowid` where the code reads it. */
  columns: string[]
  /** Primary key columns: the sort order of the rows. */
  key: string[]
  /** Tables this one references: they are loaded first. */
  parents: string[]
}

/**
 * Tables whose insertion order the code reads through SQLite's hidden rowid
 * (dialect.ts); PostgreSQL gives them a real `rowid` identity column
 * (schema.pg.ts), so the order survives a move in either direction.
 */
const ROWID_TABLES = new Set(
  Object.values(pgSchema)
    .filter((t) => is(t, PgTable))
    .map((t) => pgTableConfig(t as PgTable))
    .filter((config) => config.columns.some((c) => c.name === 'rowid'))
    .map((config) => config.name),
)

function specOf(table: SQLiteTable): TableSpec {
  const config = getTableConfig(table)
  // Generated columns (reviews.operator_approved) are recomputed by the engine from the others.
  const columns = config.columns.filter((c) => !c.generated).map((c) => c.name)
  if (ROWID_TABLES.has(config.name)) columns.push('rowid')
  const key = config.columns.filter((c) => c.primary).map((c) => c.name)
  for (const pk of config.primaryKeys) key.push(...pk.columns.map((c) => c.name))
  const parents = config.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name).filter((p) => p !== config.name)
  return { name: config.name, columns, key, parents: [...new Set(parents)] }
}

/** Parents before children (Kahn's algorithm, ties by name): the order tables are loaded in. */
function loadOrder(specs: TableSpec[]): TableSpec[] {
  const left = new Map(specs.map((s) => [s.name, s]))
  const ordered: TableSpec[] = []
  while (left.size) {
    const ready = [...left.values()].filter((s) => s.parents.every((p) => !left.has(p))).sort((a, b) => (a.name < b.name ? -1 : 1))
    if (!ready.length) throw new Error(`Foreign keys form a cycle among ${[...left.keys()].join(', ')}`)
    for (const s of ready) {
      ordered.push(s)
      left.delete(s.name)
    }
  }
  return ordered
}

/** The app's tables, parents first. */
export const TABLES: TableSpec[] = loadOrder(
  Object.values(schema)
    .filter((t) => is(t, SQLiteTable))
    .map((t) => specOf(t as SQLiteTable)),
)
export const tableSpec = (name: string) => TABLES.find((t) => t.name === name)

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

export type Dump = { text: string; rows: number; sha256: string }

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0
  if (a === null || a === undefined) return -1
  if (b === null || b === undefined) return 1
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : 1
  const x = String(a)
  const y = String(b)
  return x === y ? 0 : x < y ? -1 : 1
}

/**
 * A table's rows as JSON lines, `columns` in that order, sorted by the
 * primary key (then by every column, so even equal keys sort one way).
 */
export async function dumpTable(conn: Conn, table: string, columns: string[]): Promise<Dump> {
  const found = await conn.all<Record<string, unknown>>(`SELECT ${columns.map(quote).join(', ')} FROM ${quote(table)}`)
  const rows = found.map((r) =>
    columns.map((c) => {
      const value = r[c] ?? null
      if (value !== null && typeof value !== 'string' && typeof value !== 'number') {
        throw new Error(`${table}.${c} holds a value of type ${typeof value}, which a backup cannot carry`)
      }
      return value
    }),
  )
  const spec = tableSpec(table)
  const order = [...(spec?.key ?? []).map((k) => columns.indexOf(k)).filter((i) => i >= 0), ...columns.map((_, i) => i)]
  rows.sort((a, b) => {
    for (const i of order) {
      const c = compareValues(a[i], b[i])
      if (c) return c
    }
    return 0
  })
  const text = rows.map((r) => `${JSON.stringify(r)}\n`).join('')
  return { text, rows: rows.length, sha256: sha256(text) }
}

/** The rows of a dump; each line must be an array of `width` values. */
export function parseDump(text: string, width: number, table: string): unknown[][] {
  const lines = text.split('\n')
  if (lines.pop() !== '') throw new Error(`tables/${table}.jsonl does not end with a new line`)
  return lines.map((line, i) => {
    const row = JSON.parse(line) as unknown
    if (!Array.isArray(row) || row.length !== width) throw new Error(`tables/${table}.jsonl line ${i + 1} does not have ${width} values`)
    return row
  })
}

/** Values per INSERT statement: well under SQLite's 32766 and PostgreSQL's 65535 parameters. */
const PARAMS_PER_STATEMENT = 10_000

/** Inserts rows into `table` (a transaction's connection), in batches of multi-row INSERTs. */
export async function loadRows(conn: Conn, table: string, columns: string[], rows: unknown[][]) {
  const perStatement = Math.max(1, Math.floor(PARAMS_PER_STATEMENT / columns.length))
  const into = sql`INSERT INTO ${sql.identifier(table)} (${sql.join(columns.map((c) => sql.identifier(c)), sql`, `)}) VALUES `
  for (let i = 0; i < rows.length; i += perStatement) {
    const tuples = rows.slice(i, i + perStatement).map((row) => sql`(${sql.join(row.map((v) => sql`${v}`), sql`, `)})`)
    await conn.query(sql`${into}${sql.join(tuples, sql`, `)}`)
  }
}

/** Empties every table of the app in one statement (PostgreSQL, inside the restoring transaction). */
export async function truncateAll(conn: Conn) {
  await conn.exec(`TRUNCATE ${TABLES.map((t) => quote(t.name)).join(', ')}`)
}

/**
 * After loading with explicit ids: each PostgreSQL identity column (integer
 * ids, `rowid`) continues after the largest value loaded, so the next insert
 * does not collide. SQLite needs nothing: rowid and AUTOINCREMENT follow the
 * largest value by themselves.
 */
export async function resetIdentities(conn: Conn, engine: Engine) {
  if (engine !== 'postgres') return
  const identities = await conn.all<{ table_name: string; column_name: string }>(
    "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES' ORDER BY table_name, column_name",
  )
  for (const { table_name: table, column_name: column } of identities) {
    await conn.query(
      sql`SELECT setval(pg_get_serial_sequence(${quote(table)}, ${column}), coalesce(max(${sql.identifier(column)}), 0) + 1, false) FROM ${sql.identifier(table)}`,
    )
  }
}

/** Rows that reference a missing parent, as `table → parent` (SQLite's `PRAGMA foreign_key_check`; PostgreSQL checks each insert). */
export async function foreignKeyProblems(conn: Conn, engine: Engine): Promise<string[]> {
  if (engine !== 'sqlite') return []
  const rows = await conn.all<{ table: string; parent: string }>('PRAGMA foreign_key_check')
  return [...new Set(rows.map((r) => `${r.table} → ${r.parent}`))]
}

/** A database's engine, and where it lives for messages (the SQLite file, or the URL without its password). */
export function databaseOf(db: DB) {
  const { engine, location } = writerOf(db)
  return { engine, location }
}

/**
 * Runs `work` in one write transaction on a connection of its own: committed
 * when it returns, rolled back when it throws (a restore that fails half-way
 * leaves the database as it was).
 */
export async function inOneTransaction(db: DB, work: (conn: Conn, engine: Engine) => Promise<void>) {
  const writer = writerOf(db)
  const opened = await writer.begin()
  try {
    await work(opened.conn, writer.engine)
  } catch (error) {
    await opened.rollback()
    throw error
  }
  await opened.commit()
}

/**
 * Closes a SQLite database so that it is one file, with no -wal/-shm beside
 * it (a database built to be moved into place): the read connection first,
 * so the writer can checkpoint and leave WAL mode (the server turns it back on).
 */
export function closeAsOneFile(db: DB) {
  const writer = sqliteClientOf(writerOf(db).direct)
  sqliteClientOf(db).close()
  writer.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  writer.exec('PRAGMA journal_mode = DELETE')
  writer.close()
}
