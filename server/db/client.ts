import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import path from 'node:path'
import { env } from '../env'
import type * as schema from './schema'

/**
 * The database handles (ADR 020, ADR 021).
 *
 * - `DB` is what the composition root opens (`openDatabase`) and hands down:
 *   reads outside a transaction run on it, and `transaction(db, …)` opens a
 *   unit of work on it. It never writes: on SQLite its queries go to a
 *   read-only connection, on PostgreSQL to pooled connections whose sessions
 *   are read-only.
 * - `Tx` is a unit of work's transaction (server/db/unit-of-work.ts), the only
 *   handle that writes. Functions that write take a `Tx`; functions that only
 *   read take an `Executor` (either), so a caller inside a transaction passes
 *   its `tx` and reads its own writes.
 *
 * Both engines are driven through one query builder, drizzle's SQLite flavour,
 * typed asynchronous (ADR 021): on SQLite by bun:sqlite, on PostgreSQL by
 * postgres.js behind drizzle's remote-SQLite driver (server/db/postgres.ts).
 *
 * Services never import a database: they receive one as a parameter.
 */
export type Drizzle = BaseSQLiteDatabase<'async', unknown, typeof schema>

export type Engine = 'sqlite' | 'postgres'

/**
 * The engine this process runs on, fixed at start: PostgreSQL when
 * DATABASE_URL is set, SQLite in DATA_DIR otherwise. The SQL that differs
 * between the two (server/db/dialect.ts) is chosen by it.
 */
export const ENGINE: Engine = env.DATABASE_URL ? 'postgres' : 'sqlite'

/**
 * Raw SQL on one connection, as drizzle's SQLite dialect compiles it (`?`
 * parameters): bun:sqlite runs it as is, PostgreSQL after numbering the
 * parameters (postgres.ts).
 */
export interface Conn {
  all<T>(text: string, params?: readonly unknown[]): Promise<T[]>
  /** A statement without parameters and without an answer (BEGIN, SAVEPOINT…). */
  exec(text: string): Promise<void>
}

/** A transaction the engine opened: its handle, its connection, and how to give the connection back. */
export interface Opened {
  tx: Tx
  conn: Conn
  commit(): Promise<void>
  rollback(): Promise<void>
}

/** The writing side of a database, one per opened database (unit-of-work.ts drives it). */
export interface Writer {
  engine: Engine
  /** The read handle, handed to after-commit effects. */
  root: DB
  /** Where the data lives, for messages: the SQLite file, or the PostgreSQL URL without its password. */
  location: string
  /** Opens a transaction on a connection of its own (SQLite: the one writer connection, in turn). */
  begin(): Promise<Opened>
  /** A handle that writes outside any unit of work: test fixtures and start-up tasks only. */
  direct: DB & Tx
  close(): Promise<void>
}

declare const txBrand: unique symbol
declare const dbBrand: unique symbol
export type DB = Drizzle & { readonly [dbBrand]: true }
export type Tx = Drizzle & { readonly [txBrand]: true }
export type Executor = DB | Tx

const writerKey = Symbol('homeward.writer')
const connKey = Symbol('homeward.conn')

/** Marks a drizzle handle as belonging to `writer` and running its raw SQL on `conn`. */
export function bind<T extends object>(handle: T, writer: Writer, conn: Conn): T {
  Object.defineProperty(handle, writerKey, { value: writer, configurable: true })
  Object.defineProperty(handle, connKey, { value: conn, configurable: true })
  return handle
}

/** The writer behind a database handle (for server/db only: units of work, migrations, backups). */
export function writerOf(database: Executor): Writer {
  const writer = (database as unknown as Record<symbol, Writer | undefined>)[writerKey]
  if (!writer) throw new Error('Not a database opened by openDatabase()')
  return writer
}

/** The connection a handle's raw SQL runs on (raw.ts): a transaction's own, or the read side. */
export function connOf(database: Executor): Conn {
  const conn = (database as unknown as Record<symbol, Conn | undefined>)[connKey]
  if (!conn) throw new Error('Not a database opened by openDatabase()')
  return conn
}

/** Folder holding the generated SQL migrations, one subfolder per engine (overridable for the compiled binary). */
export let migrationsRoot = path.resolve(import.meta.dir, '../../migrations')
export function setMigrationsRoot(folder: string) {
  migrationsRoot = folder
}
export const migrationsFolder = (engine: Engine = ENGINE) => path.join(migrationsRoot, engine)

/**
 * Opens the database: `target` is a SQLite file path or a `postgres://` URL.
 * A PostgreSQL database that cannot be reached, or a malformed URL, fails
 * here with a message saying which (the server does not start half-way).
 */
export async function openDatabase(target: string, opts: { poolSize?: number } = {}): Promise<DB> {
  if (isPostgresUrl(target)) {
    const { openPostgres } = await import('./postgres')
    return openPostgres(target, opts)
  }
  const { openSqlite } = await import('./sqlite')
  return openSqlite(target)
}

export const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//i.test(target)

/**
 * The writer connection as a handle that writes without a transaction: for
 * the test harness's fixtures (server/test/setup.ts) and nothing else.
 */
export function fixtureHandle(database: DB): DB & Tx {
  return writerOf(database).direct
}

/** Closes every connection of the database. */
export async function closeHandle(database: DB) {
  await writerOf(database).close()
}

/**
 * Applies pending migrations of the database's engine (sqlite.ts,
 * postgres.ts). Two processes starting together migrate once: SQLite's write
 * lock, PostgreSQL's advisory lock.
 */
export async function migrateDatabase(database: DB, folder?: string) {
  const writer = writerOf(database)
  if (writer.engine === 'postgres') {
    const { migratePostgres } = await import('./postgres')
    return migratePostgres(database, folder ?? migrationsFolder('postgres'))
  }
  const { migrateSqlite } = await import('./sqlite')
  return migrateSqlite(database, folder ?? migrationsFolder('sqlite'))
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

export async function closeDatabase() {
  const closing = current
  current = null
  if (closing) await closeHandle(closing)
}

/** Any row a key sealed: referrals carry the client's name, messages their text, admins a two-factor secret. */
export async function holdsSealedData(handle: DB) {
  const [row] = await connOf(handle).all<{ sealed: unknown }>(
    'SELECT (EXISTS (SELECT 1 FROM referrals) OR EXISTS (SELECT 1 FROM messages) OR EXISTS (SELECT 1 FROM users WHERE totp_secret IS NOT NULL)) AS sealed',
  )
  return row?.sealed === true || Number(row?.sealed) === 1
}

/** Is this a fresh database (no users yet)? Decides the automatic demo seed. */
export async function isEmpty(handle: DB) {
  const [row] = await connOf(handle).all<{ n: number }>('SELECT count(*) AS n FROM users')
  return Number(row?.n) === 0
}
