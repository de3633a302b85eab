/**
 * The data layer's rules, checked over the source (ADR 020, ADR 021):
 * services receive their database; one transaction API; no synchronous
 * driver calls, so an async engine can sit under every service; the engines
 * (server/db/sqlite.ts, server/db/postgres.ts) stay behind server/db; SQL
 * that only SQLite speaks lives in server/db/dialect.ts, and so do collations
 * (text is ordered by textOrder).
 */
import { describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dir, '../..')

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f))
}

/** Production server code: everything but tests, the test harness and server/db itself. */
const services = [...sources('server'), ...sources('bin')].filter(
  (f) => !f.startsWith('server/db/') && !f.startsWith('server/test/') && !/fixtures\.ts$/.test(f),
)
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')

/** The two engines: what opens and drives SQLite (bun:sqlite) and PostgreSQL (postgres.js). */
const ENGINE_FILES = ['server/db/sqlite.ts', 'server/db/postgres.ts']
/** Files that open the process's database and hand it down: they alone may import `database()`. */
const COMPOSITION_ROOTS = new Set(['server/app.ts', 'server/main.ts', 'server/boot.ts'])
/**
 * Tools that open and close databases of their own, beside the composition roots: backup and restore
 * (the source, the target), the storage move (which asks the database whether a server is connected
 * before it starts), and the CLI, which closes the database a one-shot command opened.
 */
const DATABASE_OPENERS = new Set(['server/cli/backup.ts', 'server/cli/storage.actions.ts', 'server/cli/index.ts'])
/**
 * The search cache keys its entries on the SQLite connection and reads SQLite's change counters from it
 * (`sqliteConnection()` from server/db/sqlite.ts, null on PostgreSQL): synchronous calls on that connection.
 */
const SQLITE_CONNECTION_USERS = new Set(['server/features/properties/search-cache.ts'])
/** Key rotation re-seals every sealed column through its transaction's connection (`connOf(tx)`: SQL built from the schema's column list, on either engine). */
const CONNECTION_USERS = new Set(['server/features/privacy/rotate-keys.ts'])
/** Restore reads a version-1 archive, a SQLite file, with bun:sqlite (its integrity_check, its tables). */
const SQLITE_FILE_TOOLS = new Set(['server/cli/backup.ts'])

/** `import { …name… } from '…client'`, or `const { …name… } = await import('…client')`. */
const importsFromClient = (names: string[]) =>
  new RegExp(`(?:import\\s*\\{[^}]*\\b(?:${names.join('|')})\\b[^}]*\\}\\s*from\\s*|(?:const|let|var)\\s*\\{[^}]*\\b(?:${names.join('|')})\\b[^}]*\\}\\s*=\\s*await\\s+import\\(\\s*)'[./]*(?:db/)?client'`)
const TAKES_PROCESS_DATABASE = importsFromClient(['database', 'useDatabase', 'fixtureHandle', 'writerOf'])
const TAKES_CONNECTION = importsFromClient(['connOf'])
const OPENS_DATABASE = importsFromClient(['openDatabase', 'closeHandle', 'migrateDatabase', 'closeDatabase'])
/** An engine's driver or module, imported statically or dynamically. */
const IMPORTS_ENGINE = /(?:from\s*|import\(\s*)'(?:bun:sqlite|postgres|drizzle-orm\/(?:bun-sqlite|sqlite-proxy|postgres-js)[^']*|[./]*db\/(?:sqlite|postgres))'/
/** Whole import statements of an engine's driver or file (for the allowed files' exact imports). */
const IMPORTS_ENGINE_GLOBAL =
  /import\s*(?:type\s*)?\{[^}]*\}\s*from\s*'(?:bun:sqlite|postgres|drizzle-orm\/(?:bun-sqlite|sqlite-proxy|postgres-js)[^']*|[./]*db\/(?:sqlite|postgres))'|import\s+\w+\s+from\s*'(?:bun:sqlite|postgres)'|import\(\s*'(?:bun:sqlite|postgres|drizzle-orm\/(?:bun-sqlite|sqlite-proxy|postgres-js)[^']*|[./]*db\/(?:sqlite|postgres))'\)/g
/** `.get()/.all()/.run()` with no arguments end a drizzle builder synchronously on bun:sqlite only. */
const SYNC_CALL = /\.(get|all|run)\(\)/
/** The bun:sqlite connection behind a handle. */
const RAW_CONNECTION = /\$client\b|\bsqliteClientOf\b/
/** SQL only SQLite speaks: its functions, catalogs, pragmas and clauses (PostgreSQL's are in dialect.ts beside them). */
/** (An HTTP `Pragma:` header, which an OAuth token answer must send, is not SQL.) */
const SQLITE_ONLY_SQL =
  /(?<![.\w$])(?:instr|strftime|julianday|unixepoch|datetime|ifnull|iif|group_concat|json_each|json_extract|json_group_array|last_insert_rowid|changes|total_changes)\(|\b(?:sqlite_sequence|sqlite_master|sqlite_schema|data_version|PRAGMA(?!\s*:)|INDEXED BY|GLOB)\b|\bINSERT\s+OR\s+(?:IGNORE|REPLACE)\b/i

/** A collation named in SQL: each engine has its own (SQLite's NOCASE; PostgreSQL's "C", locales, ICU). Text is ordered by textOrder (dialect.ts). */
const COLLATION = /\bCOLLATE\b/i

const offending = (pattern: RegExp, allowed: (file: string) => boolean = () => false) =>
  services.filter((f) => !allowed(f) && pattern.test(read(f))).sort()

describe('the data layer (ADR 020, ADR 021)', () => {
  test('the files checked are the server code; the allowed files exist', () => {
    expect(services.length).toBeGreaterThan(200)
    expect(services).toContain('server/features/marketplace/unlock-referral.ts')
    for (const file of [...ENGINE_FILES, ...COMPOSITION_ROOTS, ...DATABASE_OPENERS, ...CONNECTION_USERS, ...SQLITE_CONNECTION_USERS, ...SQLITE_FILE_TOOLS]) {
      expect({ file, exists: fs.existsSync(path.join(root, file)) }).toEqual({ file, exists: true })
    }
  })

  test('the rules catch what they are for', () => {
    expect(TAKES_PROCESS_DATABASE.test("import { database } from '../db/client'")).toBe(true)
    expect(TAKES_PROCESS_DATABASE.test("import { type Executor, writerOf } from '../../db/client'")).toBe(true)
    expect(TAKES_PROCESS_DATABASE.test("const { database } = await import('../db/client')")).toBe(true)
    expect(TAKES_PROCESS_DATABASE.test("import type { Executor } from '../../db/client'")).toBe(false)
    expect(TAKES_PROCESS_DATABASE.test("function f() {\n  const { closeDatabase } = await import('../db/client')")).toBe(false)
    expect(TAKES_CONNECTION.test("import { connOf, type Executor } from '../../db/client'")).toBe(true)
    expect(OPENS_DATABASE.test("const { openDatabase } = await import('../db/client')")).toBe(true)
    expect(IMPORTS_ENGINE.test("import { Database } from 'bun:sqlite'")).toBe(true)
    expect(IMPORTS_ENGINE.test("import postgres from 'postgres'")).toBe(true)
    expect(IMPORTS_ENGINE.test("const { openPostgres } = await import('../../db/postgres')")).toBe(true)
    expect(IMPORTS_ENGINE.test("import { drizzle } from 'drizzle-orm/bun-sqlite'")).toBe(true)
    expect(IMPORTS_ENGINE.test("import { rows } from '../../db/raw'")).toBe(false)
    expect(SYNC_CALL.test('db.select().from(users).get()')).toBe(true)
    expect(SYNC_CALL.test('await db.select().from(users).get()')).toBe(true) // awaited or not: the shape itself is the bun:sqlite habit
    expect(RAW_CONNECTION.test('db.$client.query(text)')).toBe(true)
    for (const text of [
      "SELECT instr(name, 'x')",
      "strftime('%s', 'now')",
      "datetime('now')",
      'SELECT changes()',
      'PRAGMA foreign_keys = ON',
      'SELECT name FROM sqlite_master',
      'INSERT OR IGNORE INTO t',
      'insert or replace into t',
      'FROM properties INDEXED BY properties_state_idx',
      'SELECT value FROM json_each(p.care_levels)',
      'SELECT ifnull(a, 0)',
    ]) {
      expect({ text, caught: SQLITE_ONLY_SQL.test(text) }).toEqual({ text, caught: true })
    }
    for (const text of ['z.iso.datetime()', 'lower(name) LIKE ?', 'coalesce(a, 0)', 'ON CONFLICT (id) DO NOTHING', 'function onChanges(x) {}']) {
      expect({ text, caught: SQLITE_ONLY_SQL.test(text) }).toEqual({ text, caught: false })
    }
  })

  test('only the composition roots take the process database; services receive it', () => {
    expect(offending(TAKES_PROCESS_DATABASE, (f) => COMPOSITION_ROOTS.has(f))).toEqual([])
    expect(offending(OPENS_DATABASE, (f) => COMPOSITION_ROOTS.has(f) || DATABASE_OPENERS.has(f))).toEqual([])
    // A handle's raw connection: raw.ts's rows()/row() for reads, connOf only where the connection is the point.
    expect(offending(TAKES_CONNECTION, (f) => CONNECTION_USERS.has(f))).toEqual([])
  })

  test('the engines stay behind server/db: no service imports a driver or an engine file', () => {
    expect(offending(IMPORTS_ENGINE, (f) => SQLITE_CONNECTION_USERS.has(f) || SQLITE_FILE_TOOLS.has(f))).toEqual([])
    // The search cache takes only sqliteConnection() (null on PostgreSQL), never the driver or the engine's internals.
    for (const file of SQLITE_CONNECTION_USERS) {
      const imports = [...read(file).matchAll(IMPORTS_ENGINE_GLOBAL)].map((m) => m[0])
      expect({ file, imports }).toEqual({ file, imports: [`import { sqliteConnection } from '../../db/sqlite'`] })
    }
    // Restore reads a version-1 archive's file with bun:sqlite, and nothing else of an engine.
    for (const file of SQLITE_FILE_TOOLS) {
      const imports = [...read(file).matchAll(IMPORTS_ENGINE_GLOBAL)].map((m) => m[0])
      expect({ file, imports }).toEqual({ file, imports: [`import { Database } from 'bun:sqlite'`] })
    }
  })

  test('one transaction API: transaction() from server/db/unit-of-work', () => {
    expect(offending(/\.transaction\(/)).toEqual([])
    expect(offending(/transactionSync/)).toEqual([])
  })

  test('no synchronous driver calls: every query is awaited', () => {
    expect(offending(SYNC_CALL, (f) => SQLITE_CONNECTION_USERS.has(f) || SQLITE_FILE_TOOLS.has(f))).toEqual([])
    // The bun:sqlite connection behind a handle is for server/db only: services reach the connection through raw.ts.
    expect(offending(RAW_CONNECTION)).toEqual([])
  })

  test('text is ordered by one rule on both engines: no collation named outside server/db (textOrder in dialect.ts)', () => {
    expect(COLLATION.test('ORDER BY name COLLATE NOCASE')).toBe(true)
    expect(COLLATION.test('ORDER BY lower(name COLLATE "C")')).toBe(true)
    expect(offending(COLLATION)).toEqual([])
  })

  test('SQLite-only SQL lives in server/db/dialect.ts', () => {
    expect(offending(SQLITE_ONLY_SQL, (f) => SQLITE_FILE_TOOLS.has(f))).toEqual([])
    // bun:sqlite's `$name` parameters cannot reach the driver any more: raw.ts takes only drizzle `sql`
    // templates (bound values), and no service touches the connection itself (above).
  })
})

