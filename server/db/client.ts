import { Database } from 'bun:sqlite'
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite'
import fs from 'node:fs'
import path from 'node:path'
import * as schema from './schema'

/**
 * The database handles (ADR 020).
 *
 * - `DB` is what the composition root opens (`openDatabase`) and hands down:
 *   reads outside a transaction run on it, and `transaction(db, …)` opens a
 *   unit of work on it. On SQLite its queries go to a read-only connection:
 *   a read never sees another request's uncommitted writes, and a write on it
 *   fails at once ("attempt to write a readonly database").
 * - `Tx` is a unit of work's transaction (server/db/unit-of-work.ts), the only
 *   handle that writes. Functions that write take a `Tx`; functions that only
 *   read take an `Executor` (either), so a caller inside a transaction passes
 *   its `tx` and reads its own writes.
 *
 * Services never import a database: they receive one as a parameter.
 */
type Drizzle = BunSQLiteDatabase<typeof schema> & { $client: Database }

const writerKey = Symbol('homeward.writer')
declare const txBrand: unique symbol
declare const dbBrand: unique symbol

/** The writing side of a database: one connection, one writer at a time (unit-of-work.ts). */
export type Writer = { client: Database; drizzle: Drizzle; file: string; queue: Promise<void>; root: DB }

export type DB = Drizzle & { readonly [dbBrand]: true }
export type Tx = Drizzle & { readonly [txBrand]: true }
export type Executor = DB | Tx

/** Folder holding the generated SQL migrations (overridable for the compiled binary). */
export let migrationsFolder = path.resolve(import.meta.dir, '../../migrations')
export function setMigrationsFolder(folder: string) {
  migrationsFolder = folder
}

function connect(file: string, opts: { readonly: boolean }) {
  const sqlite = new Database(file, { create: !opts.readonly, strict: true })
  // WAL + NORMAL: a crash loses nothing; a power loss may lose the last commits (README).
  if (!opts.readonly) sqlite.exec('PRAGMA journal_mode = WAL')
  sqlite.exec('PRAGMA synchronous = NORMAL')
  sqlite.exec('PRAGMA foreign_keys = ON')
  // A writer waits for another process's write lock (BEGIN IMMEDIATE, unit-of-work.ts) instead of failing.
  sqlite.exec('PRAGMA busy_timeout = 5000')
  // Deleted or overwritten rows are zeroed, not left in free pages: no old care data lingers on disk (ADR 013).
  sqlite.exec('PRAGMA secure_delete = FAST')
  // 32 MiB page cache (default 2 MiB): hot pages stay in process instead of a
  // read() per page miss; ~15% less CPU per browse search (bench/browse.ts).
  sqlite.exec('PRAGMA cache_size = -32768')
  // The read handle refuses writes: every write goes through transaction().
  if (opts.readonly) sqlite.exec('PRAGMA query_only = ON')
  return drizzle(sqlite, { schema }) as Drizzle
}

/**
 * Opens `file` (created if missing) as two connections: the writer, used
 * only by units of work, and the read handle returned here.
 */
export function openDatabase(file: string): DB {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const writer = connect(file, { readonly: false })
  const reader = connect(file, { readonly: true })
  const state: Writer = { client: writer.$client, drizzle: writer, file, queue: Promise.resolve(), root: reader as DB }
  // Transactions are made from the writer (unit-of-work.ts) and find their way back to it.
  for (const handle of [reader, writer]) Object.defineProperty(handle, writerKey, { value: state })
  return reader as DB
}

/**
 * The writer connection as a handle that writes without a transaction: for
 * the test harness's fixtures (server/test/setup.ts) and nothing else.
 */
export function fixtureHandle(database: DB): DB & Tx {
  return writerOf(database).drizzle as DB & Tx
}

/** The writer behind a database handle (for server/db only: units of work, migrations, backups). */
export function writerOf(database: Executor): Writer {
  const writer = (database as unknown as Record<symbol, Writer | undefined>)[writerKey]
  if (!writer) throw new Error('Not a database opened by openDatabase()')
  return writer
}

/** Closes both connections. */
export function closeHandle(database: DB) {
  const writer = writerOf(database)
  database.$client.close()
  writer.client.close()
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
  const writer = writerOf(database)
  if (isMigrated(writer.client, folder)) return
  const { migrate } = require('drizzle-orm/bun-sqlite/migrator') as typeof import('drizzle-orm/bun-sqlite/migrator')
  writer.client.exec('PRAGMA foreign_keys = OFF')
  try {
    migrate(writer.drizzle, { migrationsFolder: folder })
  } finally {
    writer.client.exec('PRAGMA foreign_keys = ON')
  }
}

function isMigrated(client: Database, migrationsFolder: string): boolean {
  const journal: { entries: { when: number }[] } = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'))
  const newest = Math.max(...journal.entries.map((e) => e.when))
  try {
    const row = client.query('SELECT max(created_at) AS last FROM __drizzle_migrations').get() as { last: number | null }
    return row.last !== null && Number(row.last) >= newest
  } catch {
    return false // no migrations table yet: a new database
  }
}

let current: DB | null = null

/**
 * The process's database, for the composition roots only (server/main.ts and
 * createApp's middleware, the CLI, the scheduler's start, the test harness):
 * they open it once and pass it down. A Biome rule keeps every other file
 * from importing it (ADR 020).
 */
export function database(): DB {
  if (!current) throw new Error('Database not opened: call useDatabase() first')
  return current
}

export function useDatabase(handle: DB) {
  current = handle
}

export function closeDatabase() {
  if (current) closeHandle(current)
  current = null
}

/** Any row a key sealed: referrals carry the client's name, messages their text, admins a two-factor secret. */
export function holdsSealedData(handle: DB) {
  const row = handle.$client
    .query('SELECT EXISTS (SELECT 1 FROM referrals) OR EXISTS (SELECT 1 FROM messages) OR EXISTS (SELECT 1 FROM users WHERE totp_secret IS NOT NULL) AS sealed')
    .get() as { sealed: number } | null
  return !!row?.sealed
}

/** Is this a fresh database (no users yet)? Decides the automatic demo seed. */
export function isEmpty(handle: DB) {
  const row = handle.$client.query('SELECT count(*) AS n FROM users').get() as { n: number }
  return row.n === 0
}
