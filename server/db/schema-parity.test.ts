
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { is, SQL, sql, Table } from 'drizzle-orm'
import { getTableConfig, SQLiteSyncDialect, type SQLiteTable } from 'drizzle-orm/sqlite-core'
import { renderPg } from '../../scripts/generate-pg-schema'
import * as schema from './schema'
import { urlFor } from '../test/postgres-databases'
import { closeHandle, connOf, fixtureHandle, migrateDatabase, migrationsFolder, openDatabase, writerOf, type Conn, type DB } from './client'
import { sqliteClientOf } from './sqlite'
import { byName, fkKey, sqliteShape, type Shape, type TableShape } from '../test/database-shape'

/**
 * The two engines' schemas are the same (ADR 021): a fresh SQLite database
 * migrated from migrations/sqlite and a fresh PostgreSQL database migrated
 * from migrations/postgres (generated from the same schema.ts by
 * scripts/generate-pg-schema.ts, plus the hand-written triggers) have the
 * same tables, columns, NOT NULLs, primary keys, indexes, foreign keys, CHECK
 * constraints — their names and bodies — defaults and triggers, and the
 * triggers and checks behave alike. CHECK bodies and defaults are compared
 * with what schema.ts says in each engine's dialect (ADR 039): SQLite's as
 * text, PostgreSQL's as PostgreSQL itself prints them back.
 *
 * Not compared, on purpose: drizzle's migration table (`__drizzle_migrations`,
 * each engine's migrator keeps its own) and SQLite's internal tables; the
 * explicit `rowid` column and its unique index `<table>_rowid_unique` that
 * PostgreSQL has on the tables whose insertion order the code reads (SQLite's
 * rowid is implicit there, scripts/generate-pg-schema.ts ROWID_TABLES); the
 * indexes of primary keys (implicit in both); PostgreSQL's `search_version`
 * and its `*_search_version` triggers, the change counter that stands in for
 * SQLite's data_version in the search cache (migrations/postgres/0002, ADR 021);
 * and `realtime_events_commit_order`, which numbers live events in commit order
 * and announces them to every instance (migrations/postgres/0004; SQLite has one
 * writer, whose ids are already in commit order).
 *
 * Needs a PostgreSQL server: TEST_DATABASE_URL (a URL whose user may create
 * databases, server/test/preload.ts). Without it the tests are skipped.
 */
const SERVER = process.env.TEST_DATABASE_URL
const ROWID_TABLES = ['properties', 'messages', 'notifications', 'referral_documents']
const IGNORED_TABLES = new Set(['__drizzle_migrations', 'search_version'])
/** PostgreSQL's own: the search cache's change counter (SQLite has data_version), live events in commit order. */
const POSTGRES_ONLY_TRIGGER = /_search_version$|^realtime_events_commit_order$/

/** SQLite's declared type → the PostgreSQL types it maps to (scripts/generate-pg-schema.ts pgType). */
const TYPES: Record<string, string[]> = { text: ['text'], integer: ['bigint', 'boolean'], real: ['double precision'] }

const PG_ACTIONS: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' }

async function postgresShape(sql: postgres.Sql): Promise<Shape> {
  const tables: Record<string, TableShape> = {}
  const names = (
    await sql<{ name: string }[]>`SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`
  ).filter((t) => !IGNORED_TABLES.has(t.name))
  for (const { name } of names) {
    const columns = await sql<{ name: string; type: string; not_null: boolean; generated: boolean }[]>`
      SELECT a.attname AS name, format_type(a.atttypid, NULL) AS type, a.attnotnull AS not_null, a.attgenerated <> '' AS generated
      FROM pg_attribute a WHERE a.attrelid = ${name}::regclass AND a.attnum > 0 AND NOT a.attisdropped`
    const primaryKey = await sql<{ name: string }[]>`
      SELECT a.attname AS name FROM pg_constraint c, unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
      JOIN pg_attribute a ON a.attrelid = ${name}::regclass AND a.attnum = k.attnum
      WHERE c.conrelid = ${name}::regclass AND c.contype = 'p' ORDER BY k.n`
    const indexes = await sql<{ name: string; unique: boolean; partial: boolean; columns: string[] }[]>`
      SELECT i.relname AS name, x.indisunique AS unique, x.indpred IS NOT NULL AS partial,
        array(SELECT coalesce(a.attname::text, '<expression>') FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
              LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum ORDER BY k.n) AS columns
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid = ${name}::regclass AND NOT x.indisprimary`
    const fks = await sql<{ columns: string[]; table: string; to: string[]; on_delete: string; on_update: string }[]>`
      SELECT array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.n) AS columns,
             c.confrelid::regclass::text AS table,
             array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.n) AS to,
             c.confdeltype AS on_delete, c.confupdtype AS on_update
      FROM pg_constraint c WHERE c.conrelid = ${name}::regclass AND c.contype = 'f'`
    const checks = await sql<{ name: string }[]>`
      SELECT conname AS name FROM pg_constraint WHERE conrelid = ${name}::regclass AND contype = 'c' ORDER BY conname`
    tables[name] = {
      columns: byName(columns.map((c) => ({ name: c.name, type: c.type, notNull: c.not_null, generated: c.generated }))),
      primaryKey: primaryKey.map((c) => c.name),
      indexes: byName(indexes.map((i) => ({ ...i }))),
      foreignKeys: fks
        .map((f) => ({ columns: f.columns, table: f.table, to: f.to, onDelete: PG_ACTIONS[f.on_delete]!, onUpdate: PG_ACTIONS[f.on_update]! }))
        .sort((a, b) => fkKey(a).localeCompare(fkKey(b))),
      checks: checks.map((c) => c.name),
    }
  }
  const triggers = (
    await sql<{ name: string }[]>`SELECT tgname AS name FROM pg_trigger WHERE NOT tgisinternal ORDER BY tgname`
  )
    .map((t) => t.name)
    .filter((name) => !POSTGRES_ONLY_TRIGGER.test(name))
  return { tables, triggers }
}

/** PostgreSQL's shape without what only it has on purpose (the explicit rowid), its types mapped back to SQLite's. */
function comparable(pg: Shape, sqlite: Shape): Shape {
  const tables: Record<string, TableShape> = {}
  for (const [name, t] of Object.entries(pg.tables)) {
    const rowid = ROWID_TABLES.includes(name)
    const sqliteColumns = new Map((sqlite.tables[name]?.columns ?? []).map((c) => [c.name, c.type]))
    tables[name] = {
      ...t,
      columns: t.columns
        .filter((c) => !(rowid && c.name === 'rowid'))
        // The type SQLite declares when it is one this PostgreSQL type maps from, else PostgreSQL's (a mismatch shows).
        .map((c) => {
          const declared = sqliteColumns.get(c.name)
          return { ...c, type: declared && TYPES[declared]?.includes(c.type) ? declared : c.type }
        }),
      indexes: t.indexes.filter((i) => !(rowid && i.name === `${name}_rowid_unique`)),
    }
  }
  return { tables, triggers: pg.triggers }
}

/** The text of an error and of every cause under it (drizzle and the drivers wrap errors). */
async function failure(run: () => Promise<unknown>): Promise<string> {
  try {
    await run()
  } catch (error) {
    const texts: string[] = []
    for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) texts.push(e instanceof Error ? e.message : String(e))
    return texts.join(' <- ')
  }
  return 'no error'
}

/** CHECK bodies by name and column defaults by column, per table. */
type Bodies = Record<string, { checks: Record<string, string>; defaults: Record<string, string> }>

/** Outer parentheses and spacing aside: `(a  IN (1))` and `a IN (1)` are the same text. */
function normalised(text: string): string {
  let out = text.replace(/\s+/g, ' ').trim()
  while (out.startsWith('(') && out.endsWith(')') && balanced(out.slice(1, -1))) out = out.slice(1, -1).trim()
  return out
}
function balanced(text: string): boolean {
  let depth = 0
  for (const ch of text) {
    depth += ch === '(' ? 1 : ch === ')' ? -1 : 0
    if (depth < 0) return false
  }
  return depth === 0
}

/** A literal default as both engines' migrations write it (drizzle-kit). */
const literal = (value: unknown): string =>
  typeof value === 'boolean' || typeof value === 'number' ? String(value) : `'${(typeof value === 'string' ? value : JSON.stringify(value)).replace(/'/g, "''")}'`

/** What schema.ts says each engine holds: its CHECKs and SQL defaults rendered by each engine's dialect (engine-sql.ts). */
function expectedBodies(): { sqlite: Bodies; postgres: Bodies } {
  const out = { sqlite: {} as Bodies, postgres: {} as Bodies }
  const sqliteDialect = new SQLiteSyncDialect()
  for (const table of Object.values(schema)) {
    if (!is(table, Table)) continue
    const config = getTableConfig(table as SQLiteTable)
    const lite: Bodies[string] = { checks: {}, defaults: {} }
    const pg: Bodies[string] = { checks: {}, defaults: {} }
    out.sqlite[config.name] = lite
    out.postgres[config.name] = pg
    for (const check of config.checks) {
      lite.checks[check.name] = normalised(sqliteDialect.sqlToQuery(check.value, 'indexes').sql)
      pg.checks[check.name] = renderPg(check.value, check.name)
    }
    for (const column of config.columns) {
      if (column.default === undefined || column.generated) continue
      const value = column.default
      lite.defaults[column.name] = normalised(is(value, SQL) ? sqliteDialect.sqlToQuery(value, 'indexes').sql : literal(value))
      pg.defaults[column.name] = is(value, SQL) ? renderPg(value, column.name) : literal(value)
    }
  }
  return out
}

/** SQLite's CHECK bodies (from each CREATE TABLE, parentheses balanced) and defaults (table_info), normalised. */
function sqliteBodies(db: ReturnType<typeof sqliteClientOf>): Bodies {
  const out: Bodies = {}
  const tables = db.query<{ name: string; sql: string }, []>("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations'").all()
  for (const { name, sql: create } of tables) {
    const checks: Record<string, string> = {}
    for (const m of create.matchAll(/CONSTRAINT\s+["`]?(\w+)["`]?\s+CHECK\s*\(/gi)) {
      let depth = 1
      let end = m.index! + m[0].length
      for (; depth > 0; end++) depth += create[end] === '(' ? 1 : create[end] === ')' ? -1 : 0
      checks[m[1]!] = normalised(create.slice(m.index! + m[0].length, end - 1))
    }
    const defaults: Record<string, string> = {}
    for (const c of db.query<{ name: string; dflt_value: string | null }, [string]>('SELECT name, dflt_value FROM pragma_table_info(?)').all(name)) {
      if (c.dflt_value !== null) defaults[c.name] = normalised(c.dflt_value)
    }
    out[name] = { checks, defaults }
  }
  return out
}

/**
 * PostgreSQL's CHECK bodies and defaults as it prints them back, for the
 * migrated tables and for a scratch copy of each given the schema's texts:
 * PostgreSQL's own parser and printer are the normalisation (casts, spacing).
 * Generated columns and identities are not defaults (compared elsewhere).
 */
async function postgresBodies(sql: postgres.Sql, expected: Bodies): Promise<[Bodies, Bodies]> {
  const read = async (table: string): Promise<Bodies[string]> => {
    const checks = await sql<{ name: string; body: string }[]>`
      SELECT conname AS name, pg_get_constraintdef(oid) AS body FROM pg_constraint WHERE conrelid = ${table}::regclass AND contype = 'c'`
    const defaults = await sql<{ name: string; body: string }[]>`
      SELECT a.attname AS name, pg_get_expr(d.adbin, d.adrelid) AS body FROM pg_attrdef d
      JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum WHERE d.adrelid = ${table}::regclass AND a.attgenerated = ''`
    return { checks: Object.fromEntries(checks.map((c) => [c.name, c.body])), defaults: Object.fromEntries(defaults.map((d) => [d.name, d.body])) }
  }
  const migrated: Bodies = {}
  const fromSchema: Bodies = {}
  for (const [table, want] of Object.entries(expected)) {
    migrated[table] = await read(table)
    await sql.unsafe(`CREATE TEMP TABLE "probe" (LIKE "${table}")`)
    try {
      for (const [name, body] of Object.entries(want.checks)) await sql.unsafe(`ALTER TABLE "probe" ADD CONSTRAINT "${name}" CHECK (${body})`)
      for (const [column, body] of Object.entries(want.defaults)) await sql.unsafe(`ALTER TABLE "probe" ALTER COLUMN "${column}" SET DEFAULT ${body}`)
      fromSchema[table] = await read('probe')
    } finally {
      await sql.unsafe('DROP TABLE "probe"')
    }
  }
  return [migrated, fromSchema]
}

const label = SERVER
  ? 'the SQLite and PostgreSQL schemas'
  : 'the SQLite and PostgreSQL schemas (skipped: set TEST_DATABASE_URL to a PostgreSQL server URL whose user may create databases)'

describe.skipIf(!SERVER)(label, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-parity-'))
  const pgName = `hw_parity_${process.pid}_${crypto.randomUUID().slice(0, 8)}`
  let admin: postgres.Sql
  let inspect: postgres.Sql
  let sqliteDb: DB
  let pgDb: DB
  let sqlite: Shape
  let pg: Shape

  beforeAll(async () => {
    admin = postgres(SERVER!, { max: 1, onnotice: () => {} })
    await admin.unsafe(`CREATE DATABASE "${pgName}"`)
    sqliteDb = await openDatabase(path.join(dir, 'parity.db'))
    await migrateDatabase(sqliteDb, migrationsFolder('sqlite'))
    pgDb = await openDatabase(urlFor(SERVER!, pgName), { poolSize: 2 })
    await migrateDatabase(pgDb, migrationsFolder('postgres'))
    inspect = postgres(urlFor(SERVER!, pgName), { max: 1, onnotice: () => {} })
    sqlite = sqliteShape(sqliteClientOf(writerOf(sqliteDb).direct), IGNORED_TABLES)
    pg = comparable(await postgresShape(inspect), sqlite)
  })

  afterAll(async () => {
    await inspect?.end()
    if (pgDb) await closeHandle(pgDb)
    if (sqliteDb) await closeHandle(sqliteDb)
    await admin?.unsafe(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`)
    await admin?.end()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  test('the same tables', () => {
    expect(Object.keys(sqlite.tables).length).toBeGreaterThan(30)
    expect(Object.keys(pg.tables)).toEqual(Object.keys(sqlite.tables))
  })

  test('the same columns per table: names, types (mapped), NOT NULL, generated', () => {
    for (const name of Object.keys(sqlite.tables)) expect({ [name]: pg.tables[name]?.columns }).toEqual({ [name]: sqlite.tables[name]!.columns })
  })

  test('the same primary keys', () => {
    for (const name of Object.keys(sqlite.tables)) expect({ [name]: pg.tables[name]?.primaryKey }).toEqual({ [name]: sqlite.tables[name]!.primaryKey })
  })

  test('the same indexes: names, unique, partial, columns (the latitude band an expression on both)', () => {
    for (const name of Object.keys(sqlite.tables)) expect({ [name]: pg.tables[name]?.indexes }).toEqual({ [name]: sqlite.tables[name]!.indexes })
    expect(sqlite.tables.referral_payments!.indexes.find((i) => i.name === 'referral_payments_one_slot')).toMatchObject({ unique: true, partial: true })
  })

  test('the same foreign keys: columns, referenced table and columns, ON DELETE and ON UPDATE', () => {
    for (const name of Object.keys(sqlite.tables)) expect({ [name]: pg.tables[name]?.foreignKeys }).toEqual({ [name]: sqlite.tables[name]!.foreignKeys })
  })

  test('the same CHECK constraint names', () => {
    for (const name of Object.keys(sqlite.tables)) expect({ [name]: pg.tables[name]?.checks }).toEqual({ [name]: sqlite.tables[name]!.checks })
    expect(sqlite.tables.properties!.checks).toContain('properties_available_beds_check')
  })

  test('the same CHECK bodies and defaults: each engine holds what schema.ts says in its own dialect (normalised)', async () => {
    const want = expectedBodies()
    expect(Object.keys(want.sqlite.properties!.checks)).toContain('properties_available_beds_check')
    expect(Object.keys(want.sqlite.properties!.defaults).length).toBeGreaterThan(0)
    // SQLite keeps the text it was given: compared with the schema's, spaces and outer parentheses aside.
    expect(sqliteBodies(sqliteClientOf(writerOf(sqliteDb).direct))).toEqual(want.sqlite)
    // PostgreSQL keeps a parsed tree: the schema's text is parsed by PostgreSQL too (on a scratch copy of each table), then both are printed back.
    const [migrated, expected] = await postgresBodies(inspect, want.postgres)
    expect(Object.keys(migrated).length).toBeGreaterThan(30)
    expect(migrated).toEqual(expected)
  })

  test('the same triggers', () => {
    expect(sqlite.triggers.length).toBeGreaterThan(0)
    expect(pg.triggers).toEqual(sqlite.triggers)
  })

  test('PostgreSQL has the explicit rowid, an identity that still takes explicit values, where the code reads SQLite’s', async () => {
    for (const table of ROWID_TABLES) {
      const [column] = await inspect<{ identity: string; unique: boolean }[]>`
        SELECT a.attidentity AS identity, EXISTS (SELECT 1 FROM pg_index x WHERE x.indrelid = a.attrelid AND x.indisunique AND x.indnatts = 1 AND x.indkey[0] = a.attnum) AS unique
        FROM pg_attribute a WHERE a.attrelid = ${table}::regclass AND a.attname = 'rowid'`
      expect({ table, ...column }).toEqual({ table, identity: 'd', unique: true })
    }
    const [id] = await inspect<{ identity: string }[]>`SELECT attidentity AS identity FROM pg_attribute WHERE attrelid = 'realtime_events'::regclass AND attname = 'id'`
    expect(id!.identity).toBe('d')
  })

  describe('the triggers and checks behave alike', () => {
    /** The same statement on each engine: written once with `?` markers, each value bound (rendered by the connection's engine). */
    type Statements = { all<T>(text: string, params?: readonly unknown[]): Promise<T[]> }
    const statements = (conn: Conn): Statements => ({
      all: <T>(text: string, params: readonly unknown[] = []) =>
        conn.query<T>(sql.join(text.split('?').map((part, i) => (i === 0 ? sql.raw(part) : sql`${params[i - 1]}${sql.raw(part)}`)))),
    })
    const engines = () => [
      { engine: 'sqlite', conn: statements(connOf(fixtureHandle(sqliteDb))) },
      { engine: 'postgres', conn: statements(connOf(fixtureHandle(pgDb))) },
    ]
    /** Runs `step` on both engines and returns the two results, SQLite's first. */
    const both = async <T>(step: (conn: Statements) => Promise<T>) => {
      const out: T[] = []
      for (const { conn } of engines()) out.push(await step(conn))
      return out as [T, T]
    }
    const n = crypto.randomUUID().slice(0, 8)
    const op = `op-${n}`
    const home = `home-${n}`
    const masks = (conn: Statements) =>
      conn.all<{ c: number; f: number }>('SELECT care_levels_mask AS c, funding_mask AS f FROM properties WHERE id = ?', [home]).then((r) => ({ ...r[0] }))

    beforeAll(async () => {
      await both((conn) => conn.all('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, 1)', [op, `${op}@example.com`, 'x']))
    })

    test('the care masks are computed on insert, whatever the statement says', async () => {
      const inserted = await both(async (conn) => {
        await conn.all(
          `INSERT INTO properties (id, operator_id, name, address, city, state, zip_code, total_beds, available_beds, care_levels, funding_accepted, care_levels_mask, funding_mask, created_at, updated_at)
           VALUES (?, ?, 'Home', '1 Main St', 'Austin', 'TX', '78701', 3, 2, ?, ?, 99, 99, 1, 1)`,
          [home, op, '["assisted","skilled"]', '["private_pay","va","other"]'],
        )
        return masks(conn)
      })
      expect(inserted[0]).toEqual({ c: 12, f: 49 })
      expect(inserted[1]).toEqual(inserted[0])
    })

    test('the care masks are recomputed when the lists change', async () => {
      const updated = await both(async (conn) => {
        await conn.all(`UPDATE properties SET care_levels = ?, funding_accepted = ? WHERE id = ?`, ['["independent","supervised"]', '["medicaid_waiver"]', home])
        return masks(conn)
      })
      expect(updated[0]).toEqual({ c: 3, f: 2 })
      expect(updated[1]).toEqual(updated[0])
    })

    test('a mask written by hand is refused with the same message, a right one accepted', async () => {
      const refused = await both((conn) => failure(() => conn.all('UPDATE properties SET care_levels_mask = 1 WHERE id = ?', [home])))
      for (const text of refused) expect(text).toContain('care_levels_mask and funding_mask follow care_levels and funding_accepted')
      const mixed = await both((conn) => failure(() => conn.all('UPDATE properties SET care_levels = ?, funding_mask = 0 WHERE id = ?', ['["skilled"]', home])))
      for (const text of mixed) expect(text).toContain('care_levels_mask and funding_mask follow care_levels and funding_accepted')
      expect(await both(masks)).toEqual([
        { c: 3, f: 2 },
        { c: 3, f: 2 },
      ])
      const right = await both(async (conn) => {
        await conn.all('UPDATE properties SET care_levels = ?, care_levels_mask = 8 WHERE id = ?', ['["skilled"]', home])
        return masks(conn)
      })
      expect(right).toEqual([
        { c: 8, f: 2 },
        { c: 8, f: 2 },
      ])
    })

    test('available_beds above total_beds is refused by properties_available_beds_check on both', async () => {
      const update = await both((conn) => failure(() => conn.all('UPDATE properties SET available_beds = total_beds + 1 WHERE id = ?', [home])))
      // The PostgreSQL adapter words constraint failures as SQLite does (server/db/postgres.ts).
      expect(update[0]).toContain('CHECK constraint failed: properties_available_beds_check')
      expect(update[1]).toContain('CHECK constraint failed: properties_available_beds_check')
      const shrink = await both((conn) => failure(() => conn.all('UPDATE properties SET total_beds = 1 WHERE id = ?', [home])))
      expect(shrink[0]).toContain('properties_available_beds_check')
      expect(shrink[1]).toContain('properties_available_beds_check')
    })

    test('a verification status outside the list is refused with the same message, on insert and update', async () => {
      const insert = await both((conn) =>
        failure(() =>
          conn.all(
            `INSERT INTO profiles (id, first_name, last_name, email, verification_status, created_at, updated_at) VALUES (?, 'A', 'B', 'a@example.com', 'bogus', 1, 1)`,
            [op],
          ),
        ),
      )
      expect(insert).toEqual([insert[0]!, insert[0]!])
      expect(insert[0]).toContain('CHECK constraint failed: profiles_verification_status_check')
      await both((conn) => conn.all(`INSERT INTO profiles (id, first_name, last_name, email, created_at, updated_at) VALUES (?, 'A', 'B', 'a@example.com', 1, 1)`, [op]))
      const update = await both((conn) => failure(() => conn.all(`UPDATE profiles SET verification_status = 'approved' WHERE id = ?`, [op])))
      for (const text of update) expect(text).toContain('CHECK constraint failed: profiles_verification_status_check')
      const fine = await both(async (conn) => {
        await conn.all(`UPDATE profiles SET verification_status = 'verified' WHERE id = ?`, [op])
        return (await conn.all<{ v: string }>('SELECT verification_status AS v FROM profiles WHERE id = ?', [op]))[0]!.v
      })
      expect(fine).toEqual(['verified', 'verified'])
    })

    test('a JSON list column takes only its known values on both', async () => {
      const cases = ['[]', '["veterans","mental_health"]', '["veterans","veterans"]', '["nope"]', '{}', '["veterans",1]', '[["veterans"]]', 'null']
      for (const value of cases) {
        const outcome = await both(async (conn) =>
          (await failure(() => conn.all('UPDATE profiles SET specializations = ? WHERE id = ?', [value, op]))) === 'no error' ? 'accepted' : 'refused',
        )
        expect({ value, sqlite: outcome[0], postgres: outcome[1] }).toEqual({ value, sqlite: outcome[0], postgres: outcome[0] })
      }
      expect(await both(async (conn) => (await conn.all<{ s: string }>('SELECT specializations AS s FROM profiles WHERE id = ?', [op]))[0]!.s)).toEqual([
        '["veterans","veterans"]',
        '["veterans","veterans"]',
      ])
    })

    test('reviews.operator_approved follows status, read back as 1/0 on both', async () => {
      const approved = await both(async (conn) => {
        await conn.all(
          `INSERT INTO reviews (id, property_id, reviewer_name, reviewer_email, rating, review_text, status, created_at) VALUES (?, ?, 'R', 'r@example.com', 5, 'Good', 'pending', 1)`,
          [`rev-${n}`, home],
        )
        const before = (await conn.all<{ a: number }>('SELECT operator_approved AS a FROM reviews WHERE id = ?', [`rev-${n}`]))[0]!.a
        await conn.all(`UPDATE reviews SET status = 'approved' WHERE id = ?`, [`rev-${n}`])
        const after = (await conn.all<{ a: number }>('SELECT operator_approved AS a FROM reviews WHERE id = ?', [`rev-${n}`]))[0]!.a
        return [Number(before), Number(after)]
      })
      expect(approved).toEqual([
        [0, 1],
        [0, 1],
      ])
    })
  })
})
