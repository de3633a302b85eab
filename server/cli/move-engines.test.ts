/**
 * An agency moves from SQLite to PostgreSQL and back with the real
 * bin/homeward (README "Running on PostgreSQL"): the demo seed plus messages,
 * documents and notifications in SQLite, `backup`, `restore` into a new
 * PostgreSQL database, `backup` there, `restore` into a new SQLite folder;
 * every table of the final database equals the original row for row, rowid
 * included, and so do the files.
 *
 * Needs a PostgreSQL server: runs when TEST_DATABASE_URL is set (a URL whose
 * user may create databases), as in `npm test`'s PostgreSQL run.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { dropDatabase, urlFor } from '../test/postgres-databases'

const server = process.env.TEST_DATABASE_URL
if (!server) console.warn('move-engines.test.ts skipped: TEST_DATABASE_URL is not set (it needs a PostgreSQL server to move an agency to)')

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-move-test-'))
const bin = path.resolve(import.meta.dir, '../../bin/homeward')
const SLOW = 180_000
const original = path.join(root, 'sqlite-original')
const onPostgres = path.join(root, 'postgres-files')
const final = path.join(root, 'sqlite-final')
const pgName = `hw_move_${process.pid}_${Date.now().toString(36)}`
const pgUrl = server ? urlFor(server, pgName) : ''

/** bin/homeward with DATA_DIR `dir`, on PostgreSQL at `url` or on SQLite in `dir`. */
async function homeward(args: string[], dir: string, url?: string) {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dir, NODE_ENV: 'test', SCHEDULER: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'warn' }
  delete env.DATABASE_URL
  if (url) env.DATABASE_URL = url
  const proc = Bun.spawn([bin, ...args], { env, stdout: 'pipe', stderr: 'pipe' })
  const [code, stdout, stderr] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  if (code !== 0) console.error(`homeward ${args.join(' ')}: ${stderr}`)
  return { code, stdout, stderr }
}

/** Tables whose rowid the code reads (their order must survive the move). */
const ROWID_TABLES = ['properties', 'messages', 'notifications', 'referral_documents']

/** Every row of every table of a SQLite file, as sorted JSON lines per table (rowid included where the code reads it). */
function everyRow(file: string) {
  const database = new Database(file, { readonly: true })
  try {
    const tables = database
      .query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations' ORDER BY name`)
      .all() as { name: string }[]
    return Object.fromEntries(
      tables.map(({ name }) => {
        const select = ROWID_TABLES.includes(name) ? `SELECT rowid AS rowid_, * FROM "${name}"` : `SELECT * FROM "${name}"`
        return [name, (database.query(select).all() as object[]).map((r) => JSON.stringify(r)).sort()]
      }),
    )
  } finally {
    database.close()
  }
}

/** Every file under a data folder but the SQLite database, path → bytes (base64). */
function everyFile(dir: string) {
  return Object.fromEntries(
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !/^homeward\.(db|db-wal|db-shm|pid)$/.test(e.name))
      .map((e) => path.join(e.parentPath, e.name))
      .map((f) => [path.relative(dir, f), fs.readFileSync(f).toString('base64')])
      .sort(([a], [b]) => (a! < b! ? -1 : 1)),
  )
}

const manifestOf = (archive: string) => JSON.parse(Bun.spawnSync(['tar', '-xzOf', archive, 'manifest.json']).stdout.toString())

describe.skipIf(!server)('moving an agency between SQLite and PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let admin: postgres.Sql

  beforeAll(async () => {
    admin = postgres(server!, { max: 1, onnotice: () => {} })
    await admin.unsafe(`CREATE DATABASE "${pgName}"`) // empty: restore migrates it
  })

  afterAll(async () => {
    await admin?.end()
    if (server) await dropDatabase(server, pgUrl)
    fs.rmSync(root, { recursive: true, force: true })
  })

  test(
    'SQLite → PostgreSQL → SQLite: every table row for row, rowid included, and every file',
    async () => {
      // The original agency: the demo seed, then conversations with messages, documents and notifications.
      expect((await homeward(['seed'], original)).code).toBe(0)
      const sqlite = new Database(path.join(original, 'homeward.db'))
      const one = <T>(q: string) => sqlite.query(q).get() as T
      const referral = one<{ id: string; referrer_user_id: string }>('SELECT id, referrer_user_id FROM referrals ORDER BY id LIMIT 1')
      const operator = one<{ user_id: string }>(`SELECT user_id FROM user_roles WHERE role = 'operator' ORDER BY user_id LIMIT 1`)
      const conversation = crypto.randomUUID()
      const now = Date.now()
      sqlite
        .query(`INSERT INTO conversations (id, referral_id, operator_id, opened_by, last_message_at, created_at) VALUES (?, ?, ?, 'invitation', ?, ?)`)
        .run(conversation, referral.id, operator.user_id, now, now)
      const texts = ['hw1:first "quoted" \\ back-slash', 'hw1:second — naïve café 🏠\nnew line', "hw1:third it's", 'hw1:fourth']
      texts.forEach((text, i) => {
        sqlite
          .query('INSERT INTO messages (id, conversation_id, referral_id, sender_id, message_text, is_read, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
          .run(crypto.randomUUID(), conversation, referral.id, i % 2 ? operator.user_id : referral.referrer_user_id, text, i % 2, now + i)
      })
      for (const [i, name] of ['care-plan.pdf', 'medication list.pdf'].entries()) {
        const key = `referral-documents/${referral.id}/${crypto.randomUUID()}.pdf`
        fs.mkdirSync(path.join(original, 'uploads', path.dirname(key)), { recursive: true })
        fs.writeFileSync(path.join(original, 'uploads', key), `hw1:sealed bytes of ${name}`)
        sqlite
          .query(
            `INSERT INTO referral_documents (id, referral_id, operator_id, uploaded_by, uploader_role, file_name, storage_key, file_size, file_type, description, requires_signature, is_signed, signed_at, created_at)
             VALUES (?, ?, ?, ?, 'operator', ?, ?, 42, 'application/pdf', ?, ?, 0, NULL, ?)`,
          )
          .run(crypto.randomUUID(), referral.id, operator.user_id, operator.user_id, `hw1:${name}`, key, i ? null : 'hw1:signed copy', i, now + i)
      }
      for (const i of [1, 2, 3]) {
        sqlite
          .query('INSERT INTO notifications (id, user_id, type, title, body, link, read_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
          .run(crypto.randomUUID(), operator.user_id, 'message', `New message ${i}`, i === 2 ? null : `hw1:body ${i}`, `/messages/${conversation}`, i === 1 ? now : null, now + i)
      }
      sqlite.close()
      fs.mkdirSync(path.join(original, 'outbox'), { recursive: true })
      fs.writeFileSync(path.join(original, 'outbox', 'welcome.eml'), 'Subject: Welcome\r\n\r\nHello')

      const before = everyRow(path.join(original, 'homeward.db'))
      for (const table of ['users', 'properties', 'referrals', 'reviews', 'messages', 'referral_documents', 'notifications', 'property_media']) {
        expect({ table, rows: before[table]!.length > 0 }).toEqual({ table, rows: true })
      }

      // SQLite → PostgreSQL.
      const fromSqlite = path.join(root, 'from-sqlite.tar.gz')
      expect((await homeward(['backup', fromSqlite], original)).code).toBe(0)
      const toPostgres = await homeward(['restore', fromSqlite], onPostgres, pgUrl)
      expect(toPostgres.stderr).not.toContain('Error:')
      expect(toPostgres.code).toBe(0)
      expect(toPostgres.stdout).toContain(`into postgres://`)
      expect(toPostgres.stdout).toContain('Integrity check: ok')

      // The rows are in PostgreSQL, and its identity sequences continue after the loaded values.
      const pg = postgres(pgUrl, { max: 1, onnotice: () => {} })
      try {
        for (const table of Object.keys(before)) {
          const [{ n }] = await pg.unsafe(`SELECT count(*)::int AS n FROM "${table}"`)
          expect({ table, n }).toEqual({ table, n: before[table]!.length })
        }
        const [{ max, next }] = await pg.unsafe(`SELECT max(rowid)::int AS max, nextval(pg_get_serial_sequence('messages', 'rowid'))::int AS next FROM messages`)
        expect(next).toBeGreaterThan(max)
        // Planned on the tables as loaded: vacuumed and analysed by the restore, not left to autovacuum.
        const [{ analyzed }] = await pg.unsafe(
          `SELECT count(*)::int AS analyzed FROM pg_stat_user_tables WHERE relname IN ('properties', 'users') AND last_analyze IS NOT NULL AND last_vacuum IS NOT NULL`,
        )
        expect(analyzed).toBe(2)
      } finally {
        await pg.end()
      }

      // PostgreSQL → SQLite.
      const fromPostgres = path.join(root, 'from-postgres.tar.gz')
      const backup = await homeward(['backup', fromPostgres], onPostgres, pgUrl)
      expect(backup.code).toBe(0)
      expect(fs.statSync(fromPostgres).mode & 0o777).toBe(0o600)
      const toSqlite = await homeward(['restore', fromPostgres], final)
      expect(toSqlite.stderr).not.toContain('Error:')
      expect(toSqlite.code).toBe(0)

      // The two archives hold the same tables byte for byte (only the engine and the time differ).
      const [a, b] = [manifestOf(fromSqlite), manifestOf(fromPostgres)]
      expect([a.source_engine, b.source_engine]).toEqual(['sqlite', 'postgres'])
      expect(b.tables).toEqual(a.tables)

      // Every table of the final SQLite database equals the original, row for row; and every file.
      const after = everyRow(path.join(final, 'homeward.db'))
      expect(Object.keys(after)).toEqual(Object.keys(before))
      for (const table of Object.keys(before)) expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] })
      expect(everyFile(final)).toEqual(everyFile(original))
      expect(Object.keys(everyFile(final))).toContain('outbox/welcome.eml')
    },
    SLOW,
  )

  test(
    'a tampered table file is refused before PostgreSQL or the files change',
    async () => {
      const archive = path.join(root, 'from-postgres.tar.gz')
      const unpacked = path.join(root, 'tampered')
      fs.mkdirSync(unpacked)
      expect(Bun.spawnSync(['tar', '-xzf', archive, '-C', unpacked]).exitCode).toBe(0)
      const file = path.join(unpacked, 'tables', 'messages.jsonl')
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('hw1:fourth', 'hw1:forged'))
      const tampered = path.join(root, 'tampered.tar.gz')
      expect(Bun.spawnSync(['tar', '-czf', tampered, '-C', unpacked, ...fs.readdirSync(unpacked)]).exitCode).toBe(0)

      const filesBefore = everyFile(onPostgres)
      const res = await homeward(['restore', tampered, '--force'], onPostgres, pgUrl)
      expect(res.code).toBe(1)
      expect(res.stderr).toContain('The backup is damaged: tables/messages.jsonl does not match its manifest')
      const pg = postgres(pgUrl, { max: 1, onnotice: () => {} })
      try {
        const texts = (await pg`SELECT message_text FROM messages ORDER BY rowid`).map((r) => r.message_text)
        expect(texts).toContain('hw1:fourth')
        expect(texts).not.toContain('hw1:forged')
      } finally {
        await pg.end()
      }
      expect(everyFile(onPostgres)).toEqual(filesBefore)
    },
    SLOW,
  )
})
