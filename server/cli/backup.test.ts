/**
 * bin/homeward backup and restore, the real command spawned against
 * temporary data folders and databases of the run's engine (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL). Moving between engines is in
 * move-engines.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { closeDatabase, closeHandle, connOf, ENGINE, openDatabase, useDatabase, type DB } from '../db/client'
import { audit_logs } from '../db/schema'
import { sha256 } from '../db/table-rows'
import { transaction } from '../db/unit-of-work'
import { dataDir as testDataDir } from '../env'
import { currentKeyId } from '../lib/crypto'
import { insertReferral } from '../features/messaging/test-fixtures'
import { createUser, db, describeSqlite, newTestDatabase, removeTestDatabase } from '../test/setup'
import { eventually, nextTurn } from '../test/eventually'
import { nameInRows } from '../storage/file-rows-fixtures'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-backup-test-'))
const bin = path.resolve(import.meta.dir, '../../bin/homeward')
const SLOW = 120_000

/** A place to restore into: a data folder, and on PostgreSQL a new database of its own. */
type Place = { dir: string; url: string | null }
const databases: string[] = []

async function newPlace(name: string): Promise<Place> {
  const dir = path.join(root, name)
  fs.mkdirSync(dir, { recursive: true })
  if (ENGINE !== 'postgres') return { dir, url: null }
  const url = await newTestDatabase()
  databases.push(url)
  return { dir, url }
}

async function homeward(args: string[], place: Place) {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: place.dir, NODE_ENV: 'test', SCHEDULER: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'warn' }
  delete env.DATABASE_URL
  if (place.url) env.DATABASE_URL = place.url
  const proc = Bun.spawn([bin, ...args], { env, stdout: 'pipe', stderr: 'pipe' })
  const [code, stdout, stderr] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  return { code, stdout, stderr }
}

/** Opens a place's database (read side), runs `read`, closes it. */
async function withDatabase<T>(place: Place, read: (database: DB) => Promise<T>): Promise<T> {
  const database = await openDatabase(place.url ?? path.join(place.dir, 'homeward.db'), { poolSize: 1 })
  try {
    return await read(database)
  } finally {
    await closeHandle(database)
  }
}

const TABLES = ['users', 'profiles', 'user_roles', 'referrals', 'operator_subscriptions', 'sessions', 'audit_logs']
async function counts(database: DB) {
  const result: Record<string, number> = {}
  for (const table of TABLES) result[table] = Number((await connOf(database).all<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n)
  return result
}

const source: Place = { dir: path.join(root, 'source'), url: null }
let sourceDb: DB

beforeAll(async () => {
  // Rows this process inserts are sealed with its care-data key: the CLI must hold the same key ring.
  currentKeyId()
  fs.mkdirSync(source.dir, { recursive: true })
  fs.copyFileSync(path.join(testDataDir(), 'keys.json'), path.join(source.dir, 'keys.json'))
  if (ENGINE === 'postgres') {
    source.url = await newTestDatabase()
    databases.push(source.url)
  } else {
    fs.copyFileSync(process.env.HOMEWARD_TEMPLATE_DB!, path.join(source.dir, 'homeward.db'))
  }
  sourceDb = await openDatabase(source.url ?? path.join(source.dir, 'homeward.db'), { poolSize: 4 })
  useDatabase(sourceDb)
  const referrer = await createUser({ roles: ['referrer'], email: 'ref@test.local' })
  await createUser({ roles: ['admin'], email: 'boss@test.local' })
  await insertReferral(referrer.id, { client_first_name: 'Eleanor', client_last_name: 'Price' })
}, SLOW)

afterAll(async () => {
  await closeDatabase()
  for (const url of databases) await removeTestDatabase(url)
  fs.rmSync(root, { recursive: true, force: true })
})

/** Unpacks `archive`, lets `change` edit it, packs it again as `name`. */
function repack(archive: string, name: string, change: (dir: string) => void) {
  const dir = path.join(root, `${name}-unpacked`)
  fs.mkdirSync(dir, { recursive: true })
  expect(Bun.spawnSync(['tar', '-xzf', archive, '-C', dir]).exitCode).toBe(0)
  change(dir)
  const out = path.join(root, `${name}.tar.gz`)
  expect(Bun.spawnSync(['tar', '-czf', out, '-C', dir, ...fs.readdirSync(dir)]).exitCode).toBe(0)
  return out
}

const readManifest = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'))

describe('backup and restore', () => {
  let archive: string

  test('a backup taken while writes run restores consistent and intact; the archive is owner-only', async () => {
    // Some bulk so the snapshot takes a moment, and an upload.
    await transaction(sourceDb, async (tx) => {
      for (let i = 0; i < 3000; i++) await tx.insert(audit_logs).values({ actor_label: 'bulk', action: 'bulk', resource_type: 'test', details: { pad: 'x'.repeat(200) } })
    })
    // An upload its row names, and an orphan no row names: archived, but not kept by the restore.
    await nameInRows(['property-images/p1/photo.webp'])
    const upload = path.join(source.dir, 'uploads', 'property-images', 'p1', 'photo.webp')
    fs.mkdirSync(path.dirname(upload), { recursive: true })
    fs.writeFileSync(upload, Buffer.from('RIFF fake webp bytes'))
    fs.writeFileSync(path.join(source.dir, 'uploads', 'property-images', 'p1', 'orphan.webp'), 'no row names me')
    // Files still being written (and what an older version left in uploads/incoming) are partial: never archived.
    for (const partial of ['uploads-in-progress/a.part', 'uploads/incoming/b.part']) {
      fs.mkdirSync(path.dirname(path.join(source.dir, partial)), { recursive: true })
      fs.writeFileSync(path.join(source.dir, partial), 'half')
    }

    // A writer keeps adding numbered rows during the backup, one transaction each.
    let written = 0
    let writing = true
    const writer = (async () => {
      while (writing) {
        await db.insert(audit_logs).values({ actor_label: 'writer', action: 'during_backup', resource_type: 'test', resource_id: String(written) }).run()
        written++
        await nextTurn()
      }
    })()
    await eventually('the writer to be writing', () => written > 0)
    const startedAt = written
    archive = path.join(root, 'backups', 'homeward.tar.gz')
    const backup = await homeward(['backup', archive], source)
    writing = false
    await writer
    expect(backup.stderr).not.toContain('Error:')
    expect(backup.code).toBe(0)
    expect(backup.stdout).toContain(`Backup written to ${archive}`)
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600)
    expect(written).toBeGreaterThan(startedAt)

    // The format: a manifest, one file per table whose checksum it holds, and the data folder's files.
    const listed = Bun.spawnSync(['tar', '-tzf', archive]).stdout.toString().split('\n')
    expect(listed).toContain('manifest.json')
    expect(listed).toContain('tables/users.jsonl')
    expect(listed).toContain('files/keys.json')
    expect(listed).toContain('files/uploads/property-images/p1/photo.webp')
    expect(listed.filter((e) => /homeward\.db|homeward\.pid|\.part$|uploads-in-progress|incoming/.test(e))).toEqual([])

    const target = await newPlace('restored')
    const restore = await homeward(['restore', archive], target)
    expect(restore.stderr).not.toContain('Error:')
    expect(restore.code).toBe(0)
    expect(restore.stdout).toContain('Integrity check: ok (row counts and checksums of all')
    expect(restore.stdout).toContain('1 stored file no restored row names was removed.')

    const before = await counts(sourceDb)
    const { after, ids, bulk } = await withDatabase(target, async (restored) => ({
      after: await counts(restored),
      ids: (await connOf(restored).all<{ resource_id: string }>(`SELECT resource_id FROM audit_logs WHERE action = 'during_backup'`)).map((r) => Number(r.resource_id)).sort((a, b) => a - b),
      bulk: Number((await connOf(restored).all<{ n: number }>(`SELECT count(*) AS n FROM audit_logs WHERE action = 'bulk'`))[0]!.n),
    }))
    // Every table but the one being written matches the source exactly.
    for (const table of TABLES) if (table !== 'audit_logs') expect({ table, n: after[table] }).toEqual({ table, n: before[table]! })
    // The written table is a consistent snapshot: a gap-free prefix of the writer's rows.
    expect(bulk).toBe(3000)
    expect(ids.length).toBeGreaterThanOrEqual(startedAt)
    expect(ids.length).toBeLessThanOrEqual(written)
    expect(ids).toEqual(ids.map((_, i) => i))
    expect(after.audit_logs).toBe(before.audit_logs! - (written - ids.length))

    // Uploads came along, byte for byte; the lock of the source is not copied.
    expect(fs.readFileSync(path.join(target.dir, 'uploads', 'property-images', 'p1', 'photo.webp'), 'utf8')).toBe('RIFF fake webp bytes')
    expect(fs.existsSync(path.join(target.dir, 'uploads', 'property-images', 'p1', 'orphan.webp'))).toBe(false)
    expect(fs.existsSync(path.join(target.dir, 'homeward.pid'))).toBe(false)
    // The restored agency works with the CLI, care data included: the key ring came along.
    expect(fs.readFileSync(path.join(target.dir, 'keys.json'), 'utf8')).toBe(fs.readFileSync(path.join(source.dir, 'keys.json'), 'utf8'))
    // (On PostgreSQL the other commands do not exit yet: their pool stays open. The rows are compared above.)
    if (ENGINE === 'sqlite') {
      expect((await homeward(['users', 'list', '--role', 'admin'], target)).stdout).toContain('boss@test.local')
      const referrals = await homeward(['referrals', 'list'], target)
      expect(referrals.code).toBe(0)
      expect(referrals.stdout).toContain('E. P.')
    }

    // A second restore over a database with users needs --force.
    const refused = await homeward(['restore', archive], target)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('already has')
    expect(refused.stderr).toContain('pass --force')
    const forced = await homeward(['restore', archive, '--force'], target)
    expect(forced.stderr).not.toContain('Error:')
    expect(forced.code).toBe(0)
    expect(await withDatabase(target, counts)).toEqual(after)
  }, SLOW)

  test('restore refuses while a server runs on the data folder', async () => {
    const target = await newPlace('running')
    fs.writeFileSync(path.join(target.dir, 'homeward.pid'), `${process.pid}\n`) // this test process is alive
    const res = await homeward(['restore', archive, '--force'], target)
    expect(res.code).toBe(1)
    expect(res.stderr).toContain(`A Homeward server (pid ${process.pid}) is running on ${target.dir}`)
    expect(fs.readdirSync(target.dir)).toEqual(['homeward.pid'])
    if (target.url) expect((await withDatabase(target, counts)).users).toBe(0)
    // A lock left by a dead process does not block.
    fs.writeFileSync(path.join(target.dir, 'homeward.pid'), '999999\n')
    expect((await homeward(['restore', archive, '--force'], target)).code).toBe(0)
  }, SLOW)

  test('a damaged archive is refused before anything changes', async () => {
    const target = await newPlace('kept')
    expect((await homeward(['restore', archive], target)).code).toBe(0)
    fs.writeFileSync(path.join(target.dir, 'keep.txt'), 'still here')
    const kept = await withDatabase(target, counts)
    const unchanged = async () => {
      expect(fs.readFileSync(path.join(target.dir, 'keep.txt'), 'utf8')).toBe('still here')
      expect(await withDatabase(target, counts)).toEqual(kept)
    }

    const junk = path.join(root, 'junk.tar.gz')
    fs.writeFileSync(junk, 'not an archive')
    const notArchive = await homeward(['restore', junk, '--force'], target)
    expect(notArchive.code).toBe(1)
    expect(notArchive.stderr).toContain('not a readable backup archive')
    await unchanged()

    // One value of one table file changed: its checksum no longer matches the manifest.
    const tampered = repack(archive, 'tampered', (dir) => {
      const file = path.join(dir, 'tables', 'users.jsonl')
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('boss@test.local', 'evil@test.local'))
    })
    const refused = await homeward(['restore', tampered, '--force'], target)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('The backup is damaged: tables/users.jsonl does not match its manifest')
    await unchanged()

    // A table file missing.
    const missing = repack(archive, 'missing', (dir) => fs.rmSync(path.join(dir, 'tables', 'sessions.jsonl')))
    const incomplete = await homeward(['restore', missing, '--force'], target)
    expect(incomplete.code).toBe(1)
    expect(incomplete.stderr).toContain('tables/sessions.jsonl is missing')
    await unchanged()
  }, SLOW)

  test('a restore that fails while loading keeps the previous data', async () => {
    const target = await newPlace('rollback')
    expect((await homeward(['restore', archive], target)).code).toBe(0)
    fs.writeFileSync(path.join(target.dir, 'keep.txt'), 'still here')
    const kept = await withDatabase(target, counts)

    // A consistent archive (checksums recomputed) whose last table refers to a user that is not there.
    const orphan = repack(archive, 'orphan', (dir) => {
      const manifest = readManifest(dir)
      const file = path.join(dir, 'tables', 'user_roles.jsonl')
      const text = `${fs.readFileSync(file, 'utf8')}${JSON.stringify(['no-such-user', 'admin', Date.now()])}\n`
      fs.writeFileSync(file, text)
      expect(manifest.tables.user_roles.columns).toEqual(['user_id', 'role', 'created_at'])
      manifest.tables.user_roles.rows++
      manifest.tables.user_roles.sha256 = sha256(text)
      fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest))
    })
    const res = await homeward(['restore', orphan, '--force'], target)
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(/Loading table user_roles failed|refer to rows that are not there/)
    expect(fs.readFileSync(path.join(target.dir, 'keep.txt'), 'utf8')).toBe('still here')
    expect(await withDatabase(target, counts)).toEqual(kept)
    expect(fs.readdirSync(target.dir).filter((e) => e.startsWith('.restore-'))).toEqual([])
  }, SLOW)
})

describeSqlite('version-1 archives (a SQLite snapshot inside)', () => {
  /** A version-1 archive of the source, as the previous Homeward wrote it. */
  function v1Archive(name: string, damage?: (bytes: Buffer) => void) {
    const stage = path.join(root, `${name}-v1-stage`)
    fs.mkdirSync(stage, { recursive: true })
    const snapshotFile = path.join(stage, 'homeward.db')
    const live = new Database(path.join(source.dir, 'homeward.db'))
    live.query('VACUUM INTO ?').run(snapshotFile)
    live.close()
    const snap = new Database(snapshotFile, { readonly: true })
    const tables = snap.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as { name: string }[]
    const counted = Object.fromEntries(tables.map(({ name }) => [name, (snap.query(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]))
    snap.close()
    if (damage) {
      const bytes = fs.readFileSync(snapshotFile)
      damage(bytes)
      fs.writeFileSync(snapshotFile, bytes)
    }
    fs.writeFileSync(path.join(stage, 'manifest.json'), JSON.stringify({ format: 'homeward-backup', version: 1, app_version: '1.0.0', created_at: new Date().toISOString(), tables: counted }))
    fs.copyFileSync(path.join(source.dir, 'keys.json'), path.join(stage, 'keys.json'))
    const out = path.join(root, `${name}.tar.gz`)
    expect(Bun.spawnSync(['tar', '-czf', out, '-C', stage, 'manifest.json', 'homeward.db', 'keys.json']).exitCode).toBe(0)
    return out
  }

  test('a version-1 archive restores: its rows are read from the snapshot', async () => {
    const target = await newPlace('from-v1')
    const res = await homeward(['restore', v1Archive('good')], target)
    expect(res.stderr).not.toContain('Error:')
    expect(res.code).toBe(0)
    expect(res.stdout).toContain('Integrity check: ok')
    expect(await withDatabase(target, counts)).toEqual(await counts(sourceDb))
    expect((await homeward(['referrals', 'list'], target)).stdout).toContain('E. P.')
  }, SLOW)

  test('a version-1 archive whose database is corrupt is refused before anything changes', async () => {
    const target = await newPlace('corrupt-v1')
    fs.writeFileSync(path.join(target.dir, 'keep.txt'), 'still here')
    const corrupt = v1Archive('corrupt', (bytes) => bytes.fill(0x5a, 4096 * 3, 4096 * 6))
    const res = await homeward(['restore', corrupt], target)
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(/integrity check|not a Homeward database|malformed/i)
    expect(fs.readdirSync(target.dir)).toEqual(['keep.txt'])
  }, SLOW)
})
