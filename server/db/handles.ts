import type { SQL } from 'drizzle-orm'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import type { Engine } from './engine'
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

/**
 * Raw SQL on one connection: a drizzle `sql` query, rendered for the
 * connection's engine (engine-sql.ts), or text written for that engine.
 */
export interface Conn {
  /** A `sql` query (values bound), rendered by the connection's engine. */
  query<T>(query: SQL): Promise<T[]>
  /** Text in the engine's own SQL, with its own parameter markers (`?` on SQLite, `$1` on PostgreSQL). */
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

/** The engine of the database behind a handle: the one source for what differs between engines outside SQL (ADR 021). */
export const engineOf = (database: Executor): Engine => writerOf(database).engine

/** The connection a handle's raw SQL runs on (raw.ts): a transaction's own, or the read side. */
export function connOf(database: Executor): Conn {
  const conn = (database as unknown as Record<symbol, Conn | undefined>)[connKey]
  if (!conn) throw new Error('Not a database opened by openDatabase()')
  return conn
}

