import type { Database, SQLQueryBindings } from 'bun:sqlite'
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { is } from 'drizzle-orm'
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core'
import fs from 'node:fs'
import path from 'node:path'
import { describeSqlite, setupTestDb } from '../test/setup'
import { closeHandle, connOf, ENGINE, migrateDatabase, migrationsFolder, openDatabase, writerOf, type DB } from './client'
import { sqliteClientOf } from './sqlite'
import * as schema from './schema'

const t = setupTestDb()

/** Every foreign key column leads an index: joins and ON DELETE cascades never scan a whole table. */
describe('the migrated schema', () => {
  test('every foreign key column is the first column of an index (or the primary key)', async () => {
    expect(ENGINE === 'sqlite' ? unindexedSqlite(t.db) : await unindexedPostgres(t.db)).toEqual([])
  })
})

/** Foreign key columns that lead no index, read from SQLite's PRAGMAs. */
function unindexedSqlite(handle: DB) {
  const db = sqliteClientOf(handle)
  const tables = db
    .query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'")
    .all() as { name: string }[]
  const unindexed: string[] = []
  for (const { name } of tables) {
    const leading = new Set(
      (db.query(`PRAGMA index_list("${name}")`).all() as { name: string }[]).map(
        (i) => (db.query(`PRAGMA index_info("${i.name}")`).all() as { name: string }[])[0]?.name,
      ),
    )
    const primary = (db.query(`PRAGMA table_info("${name}")`).all() as { name: string; pk: number }[]).filter((c) => c.pk > 0)
    if (primary.length === 1) leading.add(primary[0]!.name)
    for (const fk of db.query(`PRAGMA foreign_key_list("${name}")`).all() as { from: string }[]) {
      if (!leading.has(fk.from)) unindexed.push(`${name}.${fk.from}`)
    }
  }
  return unindexed
}

/** Foreign key columns that lead no index (the primary key's included), read from PostgreSQL's catalog. */
async function unindexedPostgres(handle: DB) {
  const found = await connOf(handle).all<{ name: string }>(
    `SELECT c.conrelid::regclass::text || '.' || a.attname AS name
       FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1])
      ORDER BY 1`,
  )
  return found.map((r) => r.name)
}

/** The text of an error and of every cause under it (drizzle wraps the driver's error). */
function failure(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    const texts: string[] = []
    for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) texts.push(e instanceof Error ? e.message : String(e))
    return texts.join(' <- ')
  }
  return 'no error'
}

/**
 * One row in every table that migration 0013 rebuilds, and in each table that
 * references one of them (raw SQL: it must fit the 0012 schema as well as the
 * current one). Returns the ids.
 */
function populate(sqlite: Database, opts: { legacy: boolean }) {
  const n = crypto.randomUUID().slice(0, 8)
  const id = (p: string) => `${p}-${n}`
  const run = (text: string, ...params: SQLQueryBindings[]) => sqlite.query(text).run(...params)
  run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, 1)', id('op'), `${id('op')}@example.com`, 'x')
  run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, 1)', id('ref'), `${id('ref')}@example.com`, 'x')
  for (const p of ['home', 'home2'])
    run(
      `INSERT INTO properties (id, operator_id, name, address, city, state, zip_code, total_beds, available_beds, monthly_fee_cents, latitude, longitude, care_levels, funding_accepted, created_at, updated_at)
       VALUES (?, ?, 'Home', '1 Main St', 'Austin', 'TX', '78704', 4, 2, 250000, 30.2, -97.7, '["assisted"]', '["medicare","va"]', 1, 1)`,
      id(p),
      id('op'),
    )
  run(
    `INSERT INTO referrals (id, referrer_user_id, referrer_name, referrer_relationship, referrer_email, referrer_phone, client_first_name, client_last_name, client_dob, client_gender, preferred_state, budget_range, matched_operator_id, matched_property_id, ${opts.legacy ? 'key_id, ' : ''}created_at, updated_at)
     VALUES (?, ?, 'Dana', 'case_manager', 'd@example.com', '5550100100', 'A', 'B', '1950-01-01', 'female', 'TX', '$2000-$3000', ?, ?, ${opts.legacy ? "'unused', " : ''}1, 1)`,
    id('referral'),
    id('ref'),
    id('op'),
    id('home'),
  )
  run("INSERT INTO property_media (id, property_id, kind, storage_key, mime_type, size_bytes, created_at) VALUES (?, ?, 'image', 'k', 'image/webp', 10, 1)", id('media'), id('home'))
  run("INSERT INTO tour_schedules (id, property_id, visitor_name, visitor_email, visitor_phone, scheduled_date, scheduled_time, created_at) VALUES (?, ?, 'V', 'v@example.com', '5550100100', '2030-01-01', '10:00', 1)", id('tour'), id('home'))
  run("INSERT INTO tour_reschedule_links (id, tour_id, token_hash, proposed_date, proposed_time, expires_at, created_at) VALUES (?, ?, ?, '2030-01-02', '11:00', 9, 1)", id('reschedule'), id('tour'), id('reschedule'))
  run('INSERT INTO referral_matches (id, referral_id, operator_id, property_id, score, created_at) VALUES (?, ?, ?, ?, 1, 1)', id('match'), id('referral'), id('op'), id('home'))
  run('INSERT INTO bed_confirmation_links (id, property_id, operator_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, 9, 1)', id('beds'), id('home'), id('op'), id('beds'))
  run("INSERT INTO referral_interests (id, referral_id, operator_id, status, created_at) VALUES (?, ?, ?, 'interested', 1)", id('interest'), id('referral'), id('op'))
  run("INSERT INTO referral_payments (id, referral_id, operator_id, amount_cents, status, provider, created_at, updated_at) VALUES (?, ?, ?, 50000, 'released_to_referrer', 'offline', 1, 1)", id('payment'), id('referral'), id('op'))
  run('INSERT INTO payouts (id, payment_id, referral_id, referrer_user_id, amount_cents, created_at) VALUES (?, ?, ?, ?, 50000, 1)', id('payout'), id('payment'), id('referral'), id('ref'))
  for (const side of ['referrer', 'operator'])
    run(
      "INSERT INTO referral_documents (id, referral_id, operator_id, uploaded_by, uploader_role, file_name, storage_key, file_size, file_type, created_at) VALUES (?, ?, ?, ?, ?, 'f', 'k', 1, 'application/pdf', 1)",
      id(`doc-${side}`),
      id('referral'),
      id('op'),
      id(side === 'referrer' ? 'ref' : 'op'),
      side,
    )
  const reviews = opts.legacy
    ? ([['approved', 1, 'approved'], ['pending', 0, 'pending'], ['rejected', 0, 'rejected'], ['out-of-step', 1, 'pending'], ['unknown-status', 1, 'hidden']] as const)
    : ([['approved', null, 'approved'], ['pending', null, 'pending'], ['rejected', null, 'rejected']] as const)
  for (const [name, approved, status] of reviews)
    run(
      `INSERT INTO reviews (id, property_id, reviewer_name, reviewer_email, rating, review_text, ${approved === null ? '' : 'operator_approved, '}status, created_at) VALUES (?, ?, 'R', 'r@example.com', 4, 'Fine.', ${approved === null ? '' : `${approved}, `}?, 1)`,
      id(`review-${name}`),
      id(name === 'rejected' ? 'home2' : 'home'),
      status,
    )
  return { id }
}

const tableCounts = (sqlite: Database) =>
  Object.fromEntries(
    (sqlite.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name").all() as { name: string }[]).map(({ name }) => [
      name,
      (sqlite.query(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n,
    ]),
  )
const triggers = (sqlite: Database) =>
  (sqlite.query("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all() as { name: string; sql: string }[])

/** A database migrated up to 0012 only (a copy of the migrations folder with the journal cut there). */
async function databaseAt0012(dir: string) {
  const folder = path.join(dir, 'migrations')
  fs.cpSync(migrationsFolder('sqlite'), folder, { recursive: true })
  const journalFile = path.join(folder, 'meta/_journal.json')
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] }
  fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= 12) }))
  const database = await openDatabase(path.join(dir, 'homeward.db'))
  await migrateDatabase(database, folder)
  return database
}

/** SQLite only: raw bun:sqlite statements against SQLite's CHECKs; PostgreSQL's are compared with these, and tried, in schema-parity.test.ts. */
describeSqlite('CHECK constraints of migration 0013: the last line of defence behind the API validation (SQLite only: PostgreSQL in schema-parity.test.ts)', () => {
  test('each new CHECK refuses a violating insert and update', () => {
    const sqlite = sqliteClientOf(writerOf(t.db).direct)
    const { id } = populate(sqlite, { legacy: false })
    const run = (text: string, ...params: SQLQueryBindings[]) => () => sqlite.query(text).run(...params)
    const insertHome = (beds: number, free: number, fee: number | null) =>
      run(
        "INSERT INTO properties (id, operator_id, name, address, city, state, zip_code, total_beds, available_beds, monthly_fee_cents, created_at, updated_at) VALUES (?, ?, 'H', 'A', 'C', 'TX', '78704', ?, ?, ?, 1, 1)",
        crypto.randomUUID(),
        id('op'),
        beds,
        free,
        fee,
      )
    expect(failure(insertHome(2, 3, null))).toContain('CHECK constraint failed: properties_available_beds_check')
    expect(failure(run('UPDATE properties SET available_beds = total_beds + 1 WHERE id = ?', id('home')))).toContain('CHECK constraint failed: properties_available_beds_check')
    expect(failure(run('UPDATE properties SET total_beds = 1 WHERE id = ?', id('home')))).toContain('CHECK constraint failed: properties_available_beds_check')
    expect(failure(insertHome(2, 2, -1))).toContain('CHECK constraint failed: properties_monthly_fee_check')
    expect(failure(run('UPDATE properties SET monthly_fee_cents = -1 WHERE id = ?', id('home')))).toContain('CHECK constraint failed: properties_monthly_fee_check')
    expect(failure(insertHome(2, 2, 0))).toBe('no error') // free of charge, and no fee stated, stay allowed
    expect(failure(insertHome(2, 0, null))).toBe('no error')

    expect(failure(run('UPDATE payouts SET amount_cents = -1 WHERE id = ?', id('payout')))).toContain('CHECK constraint failed: payouts_amount_check')
    expect(failure(run('UPDATE referral_payments SET amount_cents = -1 WHERE id = ?', id('payment')))).toContain('CHECK constraint failed: referral_payments_amount_check')

    expect(failure(run("UPDATE reviews SET status = 'hidden' WHERE id = ?", id('review-pending')))).toContain('CHECK constraint failed: reviews_status_check')
    expect(failure(run("UPDATE referral_interests SET status = 'withdrawn' WHERE id = ?", id('interest')))).toContain('CHECK constraint failed: referral_interests_status_check')
    expect(
      failure(
        run(
          "INSERT INTO referral_interests (id, referral_id, operator_id, status, created_at) VALUES (?, ?, ?, 'withdrawn', 1)",
          crypto.randomUUID(),
          id('referral'),
          id('ref'),
        ),
      ),
    ).toContain('CHECK constraint failed: referral_interests_status_check')
    expect(failure(run("UPDATE referral_documents SET uploader_role = 'admin' WHERE id = ?", id('doc-referrer')))).toContain('CHECK constraint failed: referral_documents_uploader_role_check')
    expect(
      failure(
        run(
          "INSERT INTO referral_documents (id, referral_id, uploader_role, file_name, storage_key, file_size, file_type, created_at) VALUES (?, ?, 'someone', 'f', 'k', 1, 'application/pdf', 1)",
          crypto.randomUUID(),
          id('referral'),
        ),
      ),
    ).toContain('CHECK constraint failed: referral_documents_uploader_role_check')
  })

  test("a review's operator_approved follows its status and cannot be written", () => {
    const sqlite = sqliteClientOf(writerOf(t.db).direct)
    const { id } = populate(sqlite, { legacy: false })
    const approved = (review: string) => (sqlite.query('SELECT operator_approved AS a FROM reviews WHERE id = ?').get(id(review)) as { a: number }).a
    expect([approved('review-approved'), approved('review-pending'), approved('review-rejected')]).toEqual([1, 0, 0])
    sqlite.query("UPDATE reviews SET status = 'approved' WHERE id = ?").run(id('review-pending'))
    expect(approved('review-pending')).toBe(1)
    sqlite.query("UPDATE reviews SET status = 'rejected' WHERE id = ?").run(id('review-pending'))
    expect(approved('review-pending')).toBe(0)
    expect(failure(() => sqlite.query('UPDATE reviews SET operator_approved = 1 WHERE id = ?').run(id('review-pending')))).toContain('cannot UPDATE generated column')
  })

  test('every named CHECK of schema.ts is in the migrated database, and the other way round', () => {
    const sqlite = sqliteClientOf(writerOf(t.db).direct)
    const inSchema = (Object.values(schema) as unknown[])
      .filter((v): v is SQLiteTable => is(v, SQLiteTable))
      .flatMap((table) => getTableConfig(table).checks.map((c) => c.name))
      .sort()
    const inDatabase = (sqlite.query("SELECT sql FROM sqlite_master WHERE type = 'table' AND sql IS NOT NULL").all() as { sql: string }[])
      .flatMap((r) => [...r.sql.matchAll(/CONSTRAINT\s+["`](\w+)["`]\s+CHECK/g)].map((m) => m[1]!))
      .sort()
    expect(inDatabase).toEqual(inSchema)
  })
})

/** SQLite only: 0013 rebuilds SQLite tables (create, copy, drop, rename); PostgreSQL's migrations never did. */
describeSqlite('migration 0013 on a populated database (SQLite only: it rebuilds SQLite tables)', () => {
  let dir = ''
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(process.env.DATA_DIR!, 'migration-0013-'))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  test('keeps every row, the child rows of every rebuilt table, the rowids and the triggers', async () => {
    const database = await databaseAt0012(dir)
    const sqlite = sqliteClientOf(writerOf(database).direct)
    const { id } = populate(sqlite, { legacy: true })
    populate(sqlite, { legacy: true })
    const before = tableCounts(sqlite)
    const triggersBefore = triggers(sqlite)
    const rowids = sqlite.query('SELECT id, rowid AS r FROM referral_documents UNION ALL SELECT id, rowid FROM properties ORDER BY id').all()
    expect(before.tour_reschedule_links).toBe(2) // grandchildren of properties, through tour_schedules

    await migrateDatabase(database)

    // Every table that was there keeps its rows (later migrations add empty tables of their own).
    const after = tableCounts(sqlite)
    expect(Object.fromEntries(Object.keys(before).map((t) => [t, after[t]]))).toEqual(before)
    expect(sqlite.query('SELECT id, rowid AS r FROM referral_documents UNION ALL SELECT id, rowid FROM properties ORDER BY id').all()).toEqual(rowids)
    expect(sqlite.query('PRAGMA foreign_key_check').all()).toEqual([])
    expect((sqlite.query('PRAGMA foreign_keys').get() as { foreign_keys: number }).foreign_keys).toBe(1)
    // The bit-mask triggers are back as they were; the two beds triggers of 0005 became properties_available_beds_check.
    expect(triggers(sqlite)).toEqual(triggersBefore.filter((tr) => !tr.name.startsWith('properties_available_beds_max')))
    expect(triggersBefore.filter((tr) => tr.name.startsWith('properties_available_beds_max'))).toHaveLength(2)
    sqlite.query(`UPDATE properties SET funding_accepted = '["other"]' WHERE id = ?`).run(id('home'))
    expect(sqlite.query('SELECT care_levels_mask AS c, funding_mask AS f FROM properties WHERE id = ?').get(id('home'))).toEqual({ c: 4, f: 32 })
    // References into rebuilt tables still resolve.
    expect(sqlite.query('SELECT matched_property_id AS p FROM referrals WHERE id = ?').get(id('referral'))).toEqual({ p: id('home') })
    expect(sqlite.query('SELECT property_id AS p FROM referral_matches WHERE id = ?').get(id('match'))).toEqual({ p: id('home') })
    // Reviews: status is the truth; operator_approved follows it (an unknown status took what operator_approved said).
    const reviews = sqlite.query("SELECT id, status, operator_approved AS a FROM reviews WHERE id LIKE 'review-%' || ? ORDER BY id").all(id('').slice(1))
    expect(reviews).toEqual([
      { id: id('review-approved'), status: 'approved', a: 1 },
      { id: id('review-out-of-step'), status: 'pending', a: 0 },
      { id: id('review-pending'), status: 'pending', a: 0 },
      { id: id('review-rejected'), status: 'rejected', a: 0 },
      { id: id('review-unknown-status'), status: 'approved', a: 1 },
    ])
    expect((sqlite.query("SELECT name FROM pragma_table_info('referrals') WHERE name = 'key_id'").all())).toEqual([])
    // A payout owed before its columns for the record existed (the payouts rebuild): still owed, nothing recorded.
    expect(sqlite.query('SELECT status, paid_on, method, reference, recorded_by FROM payouts WHERE id = ?').get(id('payout'))).toEqual({ status: 'owed', paid_on: null, method: null, reference: null, recorded_by: null })
    // Deleting a home still cascades to its children (the rebuilt table kept its place in every foreign key).
    sqlite.query('DELETE FROM properties WHERE id = ?').run(id('home'))
    expect(sqlite.query('SELECT count(*) AS n FROM tour_reschedule_links WHERE id = ?').get(id('reschedule'))).toEqual({ n: 0 })
    expect(sqlite.query('SELECT matched_property_id AS p FROM referrals WHERE id = ?').get(id('referral'))).toEqual({ p: null })
    await closeHandle(database)
  })

  test('refuses to run with foreign keys on, where dropping the old tables would cascade into their child rows', async () => {
    const database = await databaseAt0012(dir)
    const direct = writerOf(database).direct
    populate(sqliteClientOf(direct), { legacy: true })
    const before = tableCounts(sqliteClientOf(direct))
    const { migrate } = require('drizzle-orm/bun-sqlite/migrator') as typeof import('drizzle-orm/bun-sqlite/migrator')
    expect(failure(() => migrate(direct as never, { migrationsFolder: migrationsFolder('sqlite') }))).toContain('CHECK constraint failed: foreign_keys_must_be_off_while_tables_are_rebuilt')
    expect(tableCounts(sqliteClientOf(direct))).toEqual(before)
    await closeHandle(database)
  })
})
