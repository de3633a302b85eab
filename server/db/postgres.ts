import type { SQL } from 'drizzle-orm'
import { SqliteRemoteDatabase, SQLiteRemoteSession, type AsyncRemoteCallback } from 'drizzle-orm/sqlite-proxy'
import postgres from 'postgres'
import { markReadOnly } from './dialect'
import { PostgresDialect, renderers } from './engine-sql'
import { bind, writerOf, type Conn, type DB, type Drizzle, type Opened, type Tx, type Writer } from './handles'

/**
 * PostgreSQL, when DATABASE_URL is set (ADR 021). One pool of postgres.js
 * connections (it supports LISTEN/NOTIFY, which live events across instances
 * need); the services' queries are built by drizzle's SQLite query builder,
 * as on SQLite, rendered by PostgresDialect (engine-sql.ts: `$n` parameters,
 * the PostgreSQL form of every dialect helper), and reach PostgreSQL through
 * drizzle's remote driver. What differs beyond that is in server/db/dialect.ts.
 *
 * Every pooled session is read-only (`default_transaction_read_only`), as the
 * SQLite read connection is: a query on the `DB` handle that tries to write
 * fails at once. A unit of work reserves a connection and runs
 * `BEGIN READ WRITE` on it; row locks (`forUpdate`) and unique indexes decide
 * its races with the others.
 *
 * Values come back as SQLite gives them, so the services see one shape:
 * booleans as 1/0, 64-bit integers (millisecond timestamps, counts, sums) and
 * numerics as numbers.
 */
type Sql = postgres.Sql<Record<string, never>>
type Session = Sql | postgres.ReservedSql<Record<string, never>> | postgres.TransactionSql<Record<string, never>>

const int = (x: string) => Number(x)
const types = {
  // Overrides postgres.js's boolean: drizzle's SQLite builder binds booleans as 1/0.
  boolean: { to: 16, from: [16], serialize: (x: unknown) => (x === true || x === 1 || x === '1' || x === 't' ? 't' : 'f'), parse: (x: string) => (x === 't' ? 1 : 0) },
  int8: { to: 20, from: [20], serialize: (x: unknown) => String(x), parse: int },
  // JSON travels as text, as in SQLite: a `?::jsonb` parameter is bound already encoded, and JSON values read back as text.
  json: { to: 114, from: [114, 3802], serialize: (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x)), parse: (x: string) => x },
  numeric: { to: 1700, from: [1700], serialize: (x: unknown) => String(x), parse: int },
}


const params = (values: readonly unknown[] = []) => values as postgres.ParameterOrJSON<never>[]

/**
 * A refused statement's error, made to read as on SQLite: constraint
 * failures worded as SQLite words them (the code and the constraint's name
 * stay on the error), so logs, messages and tests read the same on both
 * engines; and the statement's text (never its parameters) kept as
 * `statement`, for the log (app.ts).
 */
function refused(text: string) {
  return (error: unknown): never => {
    const e = error as Error & { code?: string; constraint_name?: string; table_name?: string; column_name?: string; statement?: string }
    if (e?.code === '23514' && e.constraint_name) e.message = `CHECK constraint failed: ${e.constraint_name}`
    else if (e?.code === '23502' && e.column_name) e.message = `NOT NULL constraint failed: ${e.table_name}.${e.column_name}`
    else if (e?.code === '23503') e.message = 'FOREIGN KEY constraint failed'
    if (e && typeof e === 'object') e.statement = text.slice(0, 2000)
    throw error
  }
}

/** Runs one statement (PostgreSQL's text, `$n` parameters) on `session`, prepared once per connection. */
const run = (session: Session, text: string, values?: readonly unknown[]) => session.unsafe(text, params(values), { prepare: true })

/**
 * Where a handle's statements run: on one session (the pool, or a unit of
 * work's reserved connection), or each in a read-write transaction of its
 * own (the test fixtures' handle).
 */
type Within = <T>(statement: (session: Session) => Promise<T>) => Promise<T>
const on = (session: Session): Within => (statement) => statement(session)

function pgConn(within: Within): Conn {
  const all = async <T>(text: string, values?: readonly unknown[]) => (await within((s) => run(s, text, values)).catch(refused(text))) as unknown as T[]
  return {
    query: <T>(query: SQL) => {
      const { sql: text, params: values } = renderers.postgres.sqlToQuery(query)
      return all<T>(text, values)
    },
    all,
    exec: async (text: string) => {
      await within((s) => s.unsafe(text)).catch(refused(text))
    },
  }
}

/**
 * A drizzle handle whose queries run `within`: drizzle's remote-SQLite
 * database (it maps the rows it gets as arrays) on PostgresDialect.
 */
function drizzleOn(within: Within): Drizzle {
  const callback: AsyncRemoteCallback = async (text, values, method) => {
    const rows = (await within((s) => run(s, text, values).values()).catch(refused(text))) as unknown[][]
    return { rows: method === 'get' ? (rows[0] as unknown[]) : method === 'run' ? [] : rows }
  }
  const dialect = new PostgresDialect()
  return new SqliteRemoteDatabase('async', dialect, new SQLiteRemoteSession(callback, dialect, undefined), undefined) as unknown as Drizzle
}

/** The URL with its password hidden, for messages and logs. */
export function redactUrl(url: string) {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return 'postgres://…'
  }
}

function parseUrl(url: string) {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error('DATABASE_URL is not a valid URL: expected postgres://user:password@host:5432/database')
  }
  if (!/^postgres(ql)?:$/.test(parsed.protocol) || !parsed.hostname || parsed.pathname.length < 2) {
    throw new Error(`DATABASE_URL must name a host and a database: postgres://user:password@host:5432/database (got ${redactUrl(url)})`)
  }
  return parsed
}

/**
 * The name a serving instance's connections carry (pg_stat_activity), so
 * `homeward restore` can tell that a server still uses the database, on
 * whatever host it runs. Other processes (the CLI) connect as `homeward`.
 */
export const SERVING_APPLICATION_NAME = 'homeward serve'

/** Connection options shared by the pool and the migrator's own connection. */
function options(max: number, readOnly: boolean, applicationName = 'homeward'): postgres.Options<Record<string, postgres.PostgresType>> {
  return {
    max,
    types,
    prepare: true,
    onnotice: () => {},
    connect_timeout: 10,
    // No JIT: the statements are short and many; a browse whose estimated cost crossed jit_above_cost spent
    // 114 ms compiling for a 90 ms query (EXPLAIN ANALYZE, 10,000 homes).
    // Generic plans: every statement is prepared once per connection and its text fixed by its shape
    // (db/raw.ts), so a plan made for the values of one call serves the next. Left to choose, PostgreSQL
    // replans a statement on every call whenever its plan for known values looks cheaper than the generic
    // one: the radius search's candidates spent about 200 µs planning for 35 µs of running (ADR 031).
    connection: { application_name: applicationName, jit: 'off', plan_cache_mode: 'force_generic_plan', ...(readOnly ? { default_transaction_read_only: 'on' } : {}) },
  } as postgres.Options<Record<string, postgres.PostgresType>>
}

/**
 * Opens the pool and checks that the database answers; an unreachable server,
 * a refused login or a missing database fails here, with the reason.
 */
export async function openPostgres(url: string, opts: { poolSize: number; serving?: boolean }): Promise<DB> {
  parseUrl(url)
  const pool = postgres(url, options(opts.poolSize, true, opts.serving ? SERVING_APPLICATION_NAME : undefined)) as unknown as Sql
  try {
    await pool`SELECT 1`
  } catch (error) {
    await pool.end({ timeout: 0 })
    throw new Error(`Cannot use PostgreSQL at ${redactUrl(url)}: ${error instanceof Error ? error.message : String(error)}`)
  }
  const readConn = pgConn(on(pool))
  const reader = drizzleOn(on(pool)) as DB
  markReadOnly(reader)
  const writer: Writer = {
    engine: 'postgres',
    root: reader,
    location: redactUrl(url),
    direct: null as unknown as DB & Tx,
    async begin(): Promise<Opened> {
      const session = await pool.reserve()
      try {
        await session.unsafe('BEGIN READ WRITE')
      } catch (error) {
        session.release()
        throw error
      }
      const conn = pgConn(on(session))
      const tx = bind(drizzleOn(on(session)) as Tx, writer, conn)
      return {
        tx,
        conn,
        async commit() {
          try {
            await session.unsafe('COMMIT')
          } finally {
            session.release()
          }
        },
        async rollback() {
          try {
            await session.unsafe('ROLLBACK')
          } finally {
            session.release()
          }
        },
      }
    },
    async close() {
      for (const listening of listenings.get(writer) ?? []) await listening.close()
      await pool.end({ timeout: 5 })
    },
  }
  // Test fixtures write outside units of work: each statement its own read-write transaction.
  const ownTransaction: Within = (statement) => pool.begin('READ WRITE', statement) as never
  writer.direct = bind(drizzleOn(ownTransaction) as DB & Tx, writer, pgConn(ownTransaction))
  bind(reader, writer, readConn)
  urls.set(writer, url)
  return reader
}

/** Each open database's URL (the writer keeps only the redacted one). */
const urls = new WeakMap<Writer, string>()
/** Each open database's LISTEN connections, closed with it. */
const listenings = new WeakMap<Writer, Set<Listening>>()

/** Any fixed number: the advisory lock that makes processes starting together migrate one after the other. */
const MIGRATION_LOCK = 727_100_25

/**
 * Applies pending migrations (drizzle's PostgreSQL migrator, on a connection
 * of its own), under an advisory lock: two processes starting together
 * migrate once, the second finding everything applied.
 */
export async function migratePostgres(database: DB, folder: string) {
  const url = urls.get(writerOf(database))!
  const { drizzle: pgDrizzle } = await import('drizzle-orm/postgres-js')
  const { migrate } = await import('drizzle-orm/postgres-js/migrator')
  const client = postgres(url, options(1, false))
  try {
    await client`SELECT pg_advisory_lock(${MIGRATION_LOCK})`
    try {
      await migrate(pgDrizzle(client), { migrationsFolder: folder, migrationsSchema: 'public', migrationsTable: '__drizzle_migrations' })
    } finally {
      await client`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`
    }
  } finally {
    await client.end({ timeout: 5 })
  }
}

/**
 * Runs `work` holding the session advisory lock named `name` (hashed by the
 * server) on a connection of its own, so `work` may open units of work of
 * its own meanwhile. Processes that ask for the same name wait their turn.
 */
export async function withAdvisoryLock<T>(database: DB, name: string, work: () => Promise<T>): Promise<T> {
  const client = postgres(urls.get(writerOf(database))!, options(1, true)) as unknown as Sql
  try {
    await client`SELECT pg_advisory_lock(hashtext(${`homeward.${name}`}))`
    return await work()
  } finally {
    await client.end({ timeout: 5 })
  }
}

/**
 * VACUUM (ANALYZE) of every table (client.ts refreshPlannerStatistics), on a read-write connection of
 * its own and outside any transaction block, as VACUUM requires.
 */
export async function vacuumAnalyze(database: DB): Promise<void> {
  const client = postgres(urls.get(writerOf(database))!, options(1, false)) as unknown as Sql
  try {
    await client.unsafe('VACUUM (ANALYZE)')
  } finally {
    await client.end({ timeout: 5 })
  }
}

/** How many connections of serving instances (any host) the database has now. */
export async function servingConnections(database: DB): Promise<number> {
  const client = postgres(urls.get(writerOf(database))!, options(1, true)) as unknown as Sql
  try {
    const [found] = await client`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${SERVING_APPLICATION_NAME}`
    return Number(found?.n ?? 0)
  } finally {
    await client.end({ timeout: 5 })
  }
}

/** What listenOn() returns: stop listening and close its connection. */
export type Listening = { close(): Promise<void> }

/**
 * LISTENs on `channel` on a connection of its own (a pooled one cannot keep
 * a LISTEN), calling `onPayload` with each NOTIFY. When the connection drops
 * (a database restart, a network cut) it listens again, every second until
 * it can, and calls `onListen` each time it does, so the caller catches up on
 * what was announced while nobody listened. Resolves once the first LISTEN
 * is in place.
 */
export async function listenOn(database: DB, channel: string, onPayload: (payload: string) => void, onListen: () => Promise<void>): Promise<Listening> {
  const url = urls.get(writerOf(database))!
  let closed = false
  let retry: ReturnType<typeof setTimeout> | null = null
  const client = postgres(url, {
    ...options(1, true),
    idle_timeout: null,
    max_lifetime: null,
    onnotify: (_channel: string, payload: string) => onPayload(payload),
    onclose: () => listenAgain(),
  } as unknown as postgres.Options<Record<string, postgres.PostgresType>>) as unknown as Sql
  const listen = async () => {
    await client.unsafe(`LISTEN "${channel.replace(/"/g, '""')}"`)
    await onListen()
  }
  function listenAgain() {
    if (closed || retry) return
    retry = setTimeout(() => {
      retry = null
      listen().catch(listenAgain)
    }, 1000)
    retry.unref?.()
  }
  try {
    await listen()
  } catch (error) {
    closed = true
    await client.end({ timeout: 0 })
    throw error
  }
  const owner = writerOf(database)
  const listening: Listening = {
    async close() {
      closed = true
      if (retry) clearTimeout(retry)
      listenings.get(owner)?.delete(listening)
      await client.end({ timeout: 1 })
    },
  }
  if (!listenings.has(owner)) listenings.set(owner, new Set())
  listenings.get(owner)!.add(listening)
  return listening
}
