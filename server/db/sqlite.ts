import { Database } from 'bun:sqlite'
import type { SQL } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/bun-sqlite'
import { renderers } from './engine-sql'
import fs from 'node:fs'
import path from 'node:path'
import { bind, writerOf, type Conn, type DB, type Executor, type Drizzle, type Opened, type Tx, type Writer } from './handles'
import * as schema from './schema'

/**
 * SQLite, the embedded default: one file in DATA_DIR, two connections to it
 * (ADR 020). The writer is used only by units of work, which take turns on it
 * (a queue) and open `BEGIN IMMEDIATE`; the reader refuses writes.
 */
function connect(file: string, opts: { readonly: boolean }) {
  const sqlite = new Database(file, { create: !opts.readonly, strict: true })
  // A writer waits for another process's write lock (BEGIN IMMEDIATE) instead of failing;
  // first, so that switching a new file to WAL beside another starting process waits too.
  sqlite.exec('PRAGMA busy_timeout = 5000')
  // WAL + NORMAL: a crash loses nothing; a power loss may lose the last commits (README).
  if (!opts.readonly) sqlite.exec('PRAGMA journal_mode = WAL')
  sqlite.exec('PRAGMA synchronous = NORMAL')
  sqlite.exec('PRAGMA foreign_keys = ON')
  // Deleted or overwritten rows are zeroed, not left in free pages: no old care data lingers on disk (ADR 013).
  sqlite.exec('PRAGMA secure_delete = FAST')
  // 32 MiB page cache (default 2 MiB): hot pages stay in process instead of a
  // read() per page miss; ~15% less CPU per browse search (bench/browse.ts).
  sqlite.exec('PRAGMA cache_size = -32768')
  // The read handle refuses writes: every write goes through transaction().
  if (opts.readonly) sqlite.exec('PRAGMA query_only = ON')
  return sqlite
}

/** Raw SQL on a bun:sqlite connection; `query()` caches each statement by its text. */
export const sqliteConn = (client: Database): Conn => ({
  query: async <T>(query: SQL) => {
    const { sql: text, params } = renderers.sqlite.sqlToQuery(query)
    return client.query(text).all(...(params as never[])) as T[]
  },
  all: async <T>(text: string, params: readonly unknown[] = []) => client.query(text).all(...(params as never[])) as T[],
  exec: async (text: string) => {
    client.exec(text)
  },
})

/** The bun:sqlite connection behind a handle of an SQLite database (backups, migrations, their tests). */
export const sqliteClientOf = (handle: object): Database => (handle as { $client: Database }).$client

/** The bun:sqlite connection behind `handle`, or null on PostgreSQL (for SQLite-only optimisations: the search cache). */
export const sqliteConnection = (handle: Executor): Database | null => (writerOf(handle).engine === 'sqlite' ? sqliteClientOf(handle) : null)

/** Opens `file` (created if missing) as two connections: the writer, used only by units of work, and the read handle returned here. */
export function openSqlite(file: string): DB {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const writerClient = connect(file, { readonly: false })
  const readerClient = connect(file, { readonly: true })
  const writerDrizzle = drizzle(writerClient, { schema }) as unknown as Drizzle
  const reader = drizzle(readerClient, { schema }) as unknown as DB
  const writerConn = sqliteConn(writerClient)
  let queue = Promise.resolve()
  const writer: Writer = {
    engine: 'sqlite',
    root: reader,
    location: file,
    direct: writerDrizzle as DB & Tx,
    async begin(): Promise<Opened> {
      // Units of work of this process take turns on the one writer connection: an async body yields between its statements.
      let release!: () => void
      const previous = queue
      queue = new Promise<void>((resolve) => {
        release = resolve
      })
      await previous
      try {
        writerClient.exec('BEGIN IMMEDIATE')
      } catch (error) {
        release()
        throw error
      }
      const tx = bind(Object.create(writerDrizzle) as Tx, writer, writerConn)
      return {
        tx,
        conn: writerConn,
        async commit() {
          try {
            writerClient.exec('COMMIT')
          } finally {
            if (writerClient.inTransaction) writerClient.exec('ROLLBACK')
            release()
          }
        },
        async rollback() {
          try {
            if (writerClient.inTransaction) writerClient.exec('ROLLBACK')
          } finally {
            release()
          }
        },
      }
    },
    async close() {
      readerClient.close()
      writerClient.close()
    },
  }
  bind(reader, writer, sqliteConn(readerClient))
  bind(writerDrizzle, writer, writerConn)
  return reader
}

/**
 * Applies pending migrations: every file of drizzle-kit's journal newer than
 * the last one recorded in `__drizzle_migrations` (drizzle's own table and
 * bookkeeping). When the newest is already there, start-up skips reading and
 * hashing the SQL files altogether.
 *
 * In one `BEGIN IMMEDIATE` transaction, the pending list read inside it: two
 * processes starting together on a new file migrate once, the second waiting
 * for the first's lock (busy timeout) and then finding nothing to do.
 * (drizzle's migrator reads what is applied before its deferred BEGIN, so the
 * second process re-ran every migration, or failed with "database is locked".)
 *
 * Foreign keys are off while it runs. Adding a CHECK to an SQLite table means
 * rebuilding it (create, copy, drop, rename), and with foreign keys on the
 * drop deletes the old table's rows first and cascades into its child tables.
 * Inside a transaction `PRAGMA foreign_keys` does nothing (so the
 * `PRAGMA foreign_keys=OFF` that drizzle-kit writes into 0004 never took
 * effect): it has to be set before. A rebuilding migration checks every
 * reference before it commits (0013).
 */
export function migrateSqlite(database: DB, folder: string) {
  const client = sqliteClientOf(writerOf(database).direct)
  if (isMigrated(client, folder)) return
  const { readMigrationFiles } = require('drizzle-orm/migrator') as typeof import('drizzle-orm/migrator')
  const migrations = readMigrationFiles({ migrationsFolder: folder })
  client.exec('PRAGMA foreign_keys = OFF')
  try {
    client.exec('BEGIN IMMEDIATE')
    try {
      client.exec('CREATE TABLE IF NOT EXISTS "__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)')
      const last = client.query('SELECT max(created_at) AS at FROM "__drizzle_migrations"').get() as { at: number | null }
      const record = client.query('INSERT INTO "__drizzle_migrations" ("hash", "created_at") VALUES (?, ?)')
      for (const migration of migrations) {
        if (last.at !== null && Number(last.at) >= migration.folderMillis) continue
        for (const statement of migration.sql) if (statement.trim()) client.exec(statement)
        record.run(migration.hash, migration.folderMillis)
      }
      client.exec('COMMIT')
    } catch (error) {
      if (client.inTransaction) client.exec('ROLLBACK')
      throw error
    }
  } finally {
    client.exec('PRAGMA foreign_keys = ON')
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
