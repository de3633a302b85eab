import { Database } from 'bun:sqlite'
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite'
import fs from 'node:fs'
import path from 'node:path'
import * as schema from './schema'

export type DB = BunSQLiteDatabase<typeof schema> & { $client: Database }
/** A transaction handle: every service accepts `db` or a transaction. */
export type Tx = Parameters<Parameters<DB['transaction']>[0]>[0]
export type Executor = DB | Tx

/** Folder holding the generated SQL migrations (overridable for the compiled binary). */
export let migrationsFolder = path.resolve(import.meta.dir, '../../migrations')
export function setMigrationsFolder(folder: string) {
  migrationsFolder = folder
}

export function openDatabase(file: string): DB {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new Database(file, { create: true, strict: true })
  // WAL + NORMAL: a crash loses nothing; a power loss may lose the last commits (README).
  sqlite.exec('PRAGMA journal_mode = WAL')
  sqlite.exec('PRAGMA synchronous = NORMAL')
  sqlite.exec('PRAGMA foreign_keys = ON')
  sqlite.exec('PRAGMA busy_timeout = 5000')
  // Deleted or overwritten rows are zeroed, not left in free pages: no old care data lingers on disk (ADR 013).
  sqlite.exec('PRAGMA secure_delete = FAST')
  // 32 MiB page cache (default 2 MiB): hot pages stay in process instead of a
  // read() per page miss; ~15% less CPU per browse search (bench/browse.ts).
  sqlite.exec('PRAGMA cache_size = -32768')
  return drizzle(sqlite, { schema }) as DB
}

/**
 * Applies pending migrations. Drizzle applies every journal entry newer than
 * the last one recorded in `__drizzle_migrations`; when the newest entry is
 * already there, start-up skips the migrator (it reads and hashes every SQL
 * file) altogether.
 *
 * Foreign keys are off while it runs. Adding a CHECK to an SQLite table means
 * rebuilding it (create, copy, drop, rename), and with foreign keys on the
 * drop deletes the old table's rows first and cascades into its child tables.
 * The migrator runs every migration in one transaction, inside which
 * `PRAGMA foreign_keys` does nothing (so the `PRAGMA foreign_keys=OFF` that
 * drizzle-kit writes into 0004 never took effect): it has to be set here.
 * A rebuilding migration checks every reference before it commits (0013).
 */
export function migrateDatabase(database: DB, folder = migrationsFolder) {
  if (isMigrated(database, folder)) return
  const { migrate } = require('drizzle-orm/bun-sqlite/migrator') as typeof import('drizzle-orm/bun-sqlite/migrator')
  database.$client.exec('PRAGMA foreign_keys = OFF')
  try {
    migrate(database, { migrationsFolder: folder })
  } finally {
    database.$client.exec('PRAGMA foreign_keys = ON')
  }
}

function isMigrated(database: DB, migrationsFolder: string): boolean {
  const journal: { entries: { when: number }[] } = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'))
  const newest = Math.max(...journal.entries.map((e) => e.when))
  try {
    const row = database.$client.query('SELECT max(created_at) AS last FROM __drizzle_migrations').get() as { last: number | null }
    return row.last !== null && Number(row.last) >= newest
  } catch {
    return false // no migrations table yet: a new database
  }
}

let current: DB | null = null

/**
 * The process-wide database. Services import `db` and use it directly; the
 * server, the CLI and each test file point it at their own file first.
 */
export const db: DB = new Proxy({} as DB, {
  get(_target, prop) {
    if (!current) throw new Error('Database not opened: call useDatabase() first')
    const value = Reflect.get(current, prop, current)
    return typeof value === 'function' ? value.bind(current) : value
  },
})

export function useDatabase(database: DB) {
  current = database
}

export function closeDatabase() {
  current?.$client.close()
  current = null
}

/** Is this a fresh database (no users yet)? Decides the automatic demo seed. */
export function isEmpty(database: DB) {
  const row = database.$client.query('SELECT count(*) AS n FROM users').get() as { n: number }
  return row.n === 0
}
