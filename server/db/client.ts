import path from 'node:path'
import { env } from '../env'
import { ENGINE, type Engine } from './engine'
import { connOf, writerOf, type DB, type Tx } from './handles'

/**
 * Opening the database and the process's handle (ADR 020, ADR 021). The
 * handle types live in handles.ts and the engine in engine.ts; both are
 * re-exported here, the one module the rest of the server imports.
 */
export { ENGINE, type Engine } from './engine'
export { bind, connOf, engineOf, writerOf, type Conn, type DB, type Drizzle, type Executor, type Opened, type Tx, type Writer } from './handles'

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
export async function openDatabase(
  target: string,
  { poolSize = env.DATABASE_POOL_SIZE, serving = false }: { poolSize?: number; serving?: boolean } = {},
): Promise<DB> {
  if (isPostgresUrl(target)) {
    const { openPostgres } = await import('./postgres')
    return openPostgres(target, { poolSize, serving })
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

/**
 * Runs `work` while no other process runs work under the same `name` on this
 * database: instances starting together on PostgreSQL seed once (an advisory
 * lock on a connection of its own). SQLite has one server process: it just runs.
 */
export async function exclusively<T>(database: DB, name: string, work: () => Promise<T>): Promise<T> {
  if (writerOf(database).engine !== 'postgres') return work()
  const { withAdvisoryLock } = await import('./postgres')
  return withAdvisoryLock(database, name, work)
}

/**
 * After a bulk load (a restore, the benchmark seed), PostgreSQL's tables are
 * vacuumed and analysed at once instead of when autovacuum gets to them (a
 * minute or more later): until then the planner guesses the tables' sizes and
 * no page is marked all-visible, so an index-only scan (the radius search's
 * prefilter) reads the table for every row. The uncached search on a
 * just-seeded database ran at 3,094 req/s before, against 4,850 after
 * (bench/browse.ts). SQLite: nothing (the hot reads pin their indexes, INDEXED BY).
 */
export async function refreshPlannerStatistics(database: DB) {
  if (writerOf(database).engine !== 'postgres') return
  const { vacuumAnalyze } = await import('./postgres')
  await vacuumAnalyze(database)
}

export type { Listening } from './postgres'

/** Connections of serving instances (any host) on a PostgreSQL database; SQLite tells with DATA_DIR/homeward.pid instead. */
export async function servingConnections(database: DB): Promise<number> {
  if (writerOf(database).engine !== 'postgres') return 0
  const { servingConnections: count } = await import('./postgres')
  return count(database)
}

/**
 * LISTENs on a PostgreSQL channel on a connection of its own, listening
 * again after a drop and calling `onListen` each time (postgres.ts listenOn).
 * SQLite has no NOTIFY: one process is the only writer.
 */
export async function listen(database: DB, channel: string, onPayload: (payload: string) => void, onListen: () => Promise<void>) {
  if (writerOf(database).engine !== 'postgres') throw new Error('LISTEN needs PostgreSQL')
  const { listenOn } = await import('./postgres')
  return listenOn(database, channel, onPayload, onListen)
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
