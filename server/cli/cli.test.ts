/**
 * The real bin/homeward, spawned against temporary data folders.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { eq } from 'drizzle-orm'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { transaction } from '../db/unit-of-work'
import { closeHandle, fixtureHandle, openDatabase, type DB, type Tx } from '../db/client'
import { audit_logs, outbox, profiles, referral_payments, referrals, user_roles, users } from '../db/schema'
import { dataDir as testDataDir } from '../env'
import { currentKeyId } from '../lib/crypto'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-cli-test-'))
const bin = path.resolve(import.meta.dir, '../../bin/homeward')
const SLOW = 120_000

async function homeward(args: string[], dataDir: string) {
  const proc = Bun.spawn([bin, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', SCHEDULER: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [code, stdout, stderr] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  return { code, stdout, stderr }
}

const dataDir = path.join(root, 'data')
/** The CLI's database, opened beside it; its writer connection for fixtures (sync drizzle calls, tests only). */
let handle: DB
let database: DB & Tx

/** A user inserted straight into the CLI's database (there is no sign-up command). */
function insertUser(email: string, roles: ('admin' | 'referrer' | 'operator')[] = []) {
  const user = database.insert(users).values({ email, password_hash: 'x' }).returning().get()
  database.insert(profiles).values({ id: user.id, email, first_name: 'Pat', last_name: email.split('@')[0]! }).run()
  for (const role of roles) database.insert(user_roles).values({ user_id: user.id, role }).run()
  return user
}

function insertReferral(status: 'pending' | 'placed' = 'pending') {
  return database
    .insert(referrals)
    .values({
      referrer_name: 'Dana Whitfield',
      referrer_relationship: 'case-manager',
      referrer_email: 'dana@test.local',
      referrer_phone: '(555) 010-0100',
      client_first_name: 'Eleanor',
      client_last_name: 'Price',
      client_dob: '1948-03-14',
      client_gender: 'female',
      preferred_state: 'TX',
      budget_range: '$3,000-$4,000',
      status,
    })
    .returning()
    .get()
}

const auditBy = (action: string) => database.select().from(audit_logs).where(eq(audit_logs.action, action)).all()

beforeAll(async () => {
  // Rows this process inserts are sealed with its care-data key: the CLI must hold the same key ring.
  currentKeyId()
  const ring = path.join(testDataDir(), 'keys.json')
  fs.mkdirSync(dataDir, { recursive: true })
  if (fs.existsSync(ring)) fs.copyFileSync(ring, path.join(dataDir, 'keys.json'))
  const migrated = await homeward(['migrate'], dataDir)
  expect(migrated.code).toBe(0)
  handle = openDatabase(path.join(dataDir, 'homeward.db'))
  database = fixtureHandle(handle)
}, SLOW)

afterAll(() => {
  if (handle) closeHandle(handle)
  fs.rmSync(root, { recursive: true, force: true })
})

describe('usage', () => {
  test('--help everywhere, exit 2 for bad usage', async () => {
    const help = await homeward(['--help'], dataDir)
    expect(help.code).toBe(0)
    for (const command of ['admin', 'premium', 'users', 'referrals', 'escrow', 'jobs', 'backup', 'restore', 'outbox']) {
      expect(help.stdout).toContain(command)
    }
    const escrowHelp = await homeward(['escrow', 'release', '--help'], dataDir)
    expect(escrowHelp.code).toBe(0)
    expect(escrowHelp.stdout).toContain('--reason <text>')
    expect((await homeward(['nonsense'], dataDir)).code).toBe(2)
    const badRole = await homeward(['users', 'list', '--role', 'wizard'], dataDir)
    expect(badRole.code).toBe(2)
    expect(badRole.stderr).toContain("argument 'wizard' is invalid")
    const noReason = await homeward(['escrow', 'refund', 'some-id'], dataDir)
    expect(noReason.code).toBe(2)
    expect(noReason.stderr).toContain("required option '--reason <text>' not specified")
    expect((await homeward(['admin', 'create'], dataDir)).code).toBe(2)
  }, SLOW)
})

describe('accounts', () => {
  test('admin create, promote and demote go through the services and are audited as cli', async () => {
    const created = await homeward(['admin', 'create', 'boss@test.local', '--password', 'long-enough-1'], dataDir)
    expect(created.code).toBe(0)
    expect(created.stdout).toContain('Admin boss@test.local created')
    const again = await homeward(['admin', 'create', 'boss@test.local', '--password', 'long-enough-1'], dataDir)
    expect(again.code).toBe(1)
    expect(again.stderr).toBe('Error: An account with this email already exists\n')
    const weak = await homeward(['admin', 'create', 'weak@test.local', '--password', 'short'], dataDir)
    expect(weak.code).toBe(2)
    expect(weak.stderr).toContain('Password must be at least 8 characters')

    insertUser('helper@test.local', ['operator'])
    const promoted = await homeward(['admin', 'promote', 'Helper@Test.local'], dataDir)
    expect(promoted.code).toBe(0)
    expect(promoted.stdout).toContain('helper@test.local is now an admin')
    expect((await homeward(['admin', 'promote', 'nobody@test.local'], dataDir)).code).toBe(1)

    const admins = await homeward(['users', 'list', '--role', 'admin'], dataDir)
    expect(admins.code).toBe(0)
    expect(admins.stdout).toContain('boss@test.local')
    expect(admins.stdout).toContain('helper@test.local')
    expect(admins.stdout).toContain('2 accounts.')

    expect((await homeward(['admin', 'demote', 'helper@test.local'], dataDir)).code).toBe(0)
    const last = await homeward(['admin', 'demote', 'boss@test.local'], dataDir)
    expect(last.code).toBe(1)
    expect(last.stderr).toContain('The last admin cannot be demoted')

    for (const action of ['admin_created', 'admin_promoted', 'admin_demoted']) {
      expect(auditBy(action).map((a) => a.actor_label)).toContain('cli')
    }
  }, SLOW)

  test('premium grant then list', async () => {
    insertUser('owner@test.local', ['operator'])
    const grant = await homeward(['premium', 'grant', 'owner@test.local'], dataDir)
    expect(grant.code).toBe(0)
    const list = await homeward(['premium', 'list'], dataDir)
    expect(list.code).toBe(0)
    expect(list.stdout).toContain('owner@test.local')
    expect(list.stdout).toContain('complimentary')
  }, SLOW)
})

describe('referrals, escrow, outbox, jobs', () => {
  test('referrals list filters by status', async () => {
    const placed = insertReferral('placed')
    const pending = insertReferral('pending')
    const out = await homeward(['referrals', 'list', '--status', 'placed'], dataDir)
    expect(out.code).toBe(0)
    expect(out.stdout).toContain(placed.id)
    expect(out.stdout).not.toContain(pending.id)
    const json = JSON.parse((await homeward(['referrals', 'list', '--json'], dataDir)).stdout) as { id: string }[]
    expect(json.map((r) => r.id)).toContain(pending.id)
  }, SLOW)

  test('escrow list, then refund with a reason (audited as cli)', async () => {
    const operator = insertUser('escrow-op@test.local', ['operator'])
    const referral = insertReferral()
    const payment = database
      .insert(referral_payments)
      .values({
        referral_id: referral.id,
        operator_id: operator.id,
        amount_cents: 20000,
        status: 'held_in_escrow',
        provider: 'offline',
        paid_at: new Date(),
        escrow_hold_until: new Date(Date.now() + 3 * 3_600_000),
      })
      .returning()
      .get()
    const list = await homeward(['escrow', 'list'], dataDir)
    expect(list.code).toBe(0)
    expect(list.stdout).toContain(payment.id)
    expect(list.stdout).toContain('$200')
    expect(list.stdout).toMatch(/2h (59|58)m/)
    const blank = await homeward(['escrow', 'refund', payment.id, '--reason', '  '], dataDir)
    expect(blank.code).toBe(2)
    expect(database.select().from(referral_payments).where(eq(referral_payments.id, payment.id)).get()!.status).toBe('held_in_escrow')
    const refund = await homeward(['escrow', 'refund', payment.id, '--reason', 'Client moved out of state'], dataDir)
    expect(refund.code).toBe(0)
    const row = database.select().from(referral_payments).where(eq(referral_payments.id, payment.id)).get()!
    expect(row.status).toBe('refunded')
    expect(row.resolution_reason).toBe('Client moved out of state')
    const audit = database.select().from(audit_logs).where(eq(audit_logs.resource_id, payment.id)).all()
    expect(audit.length).toBeGreaterThan(0)
    expect(audit.every((a) => a.actor_label === 'cli')).toBe(true)
    expect((await homeward(['escrow', 'release', 'missing', '--reason', 'x'], dataDir)).code).toBe(1)
  }, SLOW)

  test('jobs run delivers the outbox as .eml files; outbox list shows it', async () => {
    const mail = database.insert(outbox).values({ to_email: 'cli-mail@test.local', type: 'welcome', subject: 'Hi', text_body: 'Hello' }).returning().get()
    const run = await homeward(['jobs', 'run'], dataDir)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/\d+ due jobs? run; [1-9]\d* e-mails? delivered/)
    expect(database.select().from(outbox).where(eq(outbox.id, mail.id)).get()!.status).toBe('sent')
    expect(fs.existsSync(path.join(dataDir, 'outbox', `${mail.id}.eml`))).toBe(true)
    const list = await homeward(['outbox', 'list', '--status', 'sent'], dataDir)
    expect(list.code).toBe(0)
    expect(list.stdout).toContain('cli-mail@test.local')
  }, SLOW)
})

describe('backup and restore', () => {
  const counts = (file: string) => {
    const db = new Database(file, { readonly: true })
    const tables = db.query(`SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'`).all() as { name: string }[]
    const result = Object.fromEntries(tables.map(({ name }) => [name, (db.query(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]))
    const integrity = (db.query('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check
    db.close()
    return { result, integrity }
  }

  test('a backup taken while writes run restores into a new data folder, consistent and intact', async () => {
    // Some bulk so the snapshot takes a moment, and an upload.
    await transaction(handle, async (tx) => {
      for (let i = 0; i < 3000; i++) await tx.insert(audit_logs).values({ actor_label: 'bulk', action: 'bulk', resource_type: 'test', details: { pad: 'x'.repeat(200) } })
    })
    const upload = path.join(dataDir, 'uploads', 'property-images', 'p1', 'photo.webp')
    fs.mkdirSync(path.dirname(upload), { recursive: true })
    fs.writeFileSync(upload, Buffer.from('RIFF fake webp bytes'))

    // A writer keeps adding numbered rows during the backup, one transaction each.
    let written = 0
    let writing = true
    const writer = (async () => {
      while (writing) {
        database.insert(audit_logs).values({ actor_label: 'writer', action: 'during_backup', resource_type: 'test', resource_id: String(written) }).run()
        written++
        await Bun.sleep(1)
      }
    })()
    const startedAt = written
    const archive = path.join(root, 'backups', 'homeward.tar.gz')
    const backup = await homeward(['backup', archive], dataDir)
    writing = false
    await writer
    expect(backup.code).toBe(0)
    expect(backup.stdout).toContain(`Backup written to ${archive}`)
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600)
    expect(written).toBeGreaterThan(startedAt)

    const target = path.join(root, 'restored')
    const restore = await homeward(['restore', archive], target)
    expect(restore.code).toBe(0)
    expect(restore.stdout).toContain('Integrity check: ok')

    const restoredDb = path.join(target, 'homeward.db')
    const restored = counts(restoredDb)
    expect(restored.integrity).toBe('ok')
    const source = counts(path.join(dataDir, 'homeward.db'))
    expect(source.integrity).toBe('ok')
    // Every table but the one being written matches the source exactly.
    for (const [table, n] of Object.entries(source.result)) {
      if (table !== 'audit_logs') expect({ table, n: restored.result[table] }).toEqual({ table, n })
    }
    // The written table is a consistent snapshot: a gap-free prefix of the writer's rows.
    const snap = new Database(restoredDb, { readonly: true })
    const ids = (snap.query(`SELECT resource_id FROM audit_logs WHERE action = 'during_backup'`).all() as { resource_id: string }[])
      .map((r) => Number(r.resource_id))
      .sort((a, b) => a - b)
    const bulk = (snap.query(`SELECT count(*) AS n FROM audit_logs WHERE action = 'bulk'`).get() as { n: number }).n
    snap.close()
    expect(bulk).toBe(3000)
    expect(ids.length).toBeGreaterThanOrEqual(startedAt)
    expect(ids.length).toBeLessThanOrEqual(written)
    expect(ids).toEqual(ids.map((_, i) => i))
    expect(restored.result.audit_logs).toBe(source.result.audit_logs! - (written - ids.length))
    // Uploads came along, byte for byte; the lock of the source is not copied.
    expect(fs.readFileSync(path.join(target, 'uploads', 'property-images', 'p1', 'photo.webp'), 'utf8')).toBe('RIFF fake webp bytes')
    expect(fs.existsSync(path.join(target, 'homeward.pid'))).toBe(false)
    // The restored folder works with the CLI, care data included: the key ring came along.
    expect(fs.readFileSync(path.join(target, 'keys.json'), 'utf8')).toBe(fs.readFileSync(path.join(dataDir, 'keys.json'), 'utf8'))
    const users = await homeward(['users', 'list', '--role', 'admin'], target)
    expect(users.stdout).toContain('boss@test.local')
    const restoredReferrals = await homeward(['referrals', 'list'], target)
    expect(restoredReferrals.code).toBe(0)
    expect(restoredReferrals.stdout).toContain('E. P.')

    // A second restore over existing data needs --force.
    const refused = await homeward(['restore', archive], target)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('already has a database: pass --force')
    expect((await homeward(['restore', archive, '--force'], target)).code).toBe(0)
  }, SLOW)

  test('restore refuses while a server runs on the data folder', async () => {
    const archive = path.join(root, 'backups', 'running.tar.gz')
    expect((await homeward(['backup', archive], dataDir)).code).toBe(0)
    const target = path.join(root, 'running')
    fs.mkdirSync(target, { recursive: true })
    fs.writeFileSync(path.join(target, 'homeward.pid'), `${process.pid}\n`) // this test process is alive
    const res = await homeward(['restore', archive, '--force'], target)
    expect(res.code).toBe(1)
    expect(res.stderr).toContain(`A Homeward server (pid ${process.pid}) is running on ${target}`)
    expect(fs.existsSync(path.join(target, 'homeward.db'))).toBe(false)
    // A lock left by a dead process does not block.
    fs.writeFileSync(path.join(target, 'homeward.pid'), '999999\n')
    expect((await homeward(['restore', archive, '--force'], target)).code).toBe(0)
  }, SLOW)

  test('restore checks the archive and the database before touching anything', async () => {
    const target = path.join(root, 'kept')
    fs.mkdirSync(target, { recursive: true })
    fs.writeFileSync(path.join(target, 'keep.txt'), 'still here')

    const junk = path.join(root, 'junk.tar.gz')
    fs.writeFileSync(junk, 'not an archive')
    const notArchive = await homeward(['restore', junk], target)
    expect(notArchive.code).toBe(1)
    expect(notArchive.stderr).toContain('not a readable backup archive')

    // A well-formed archive whose database is corrupt.
    const stage = path.join(root, 'corrupt')
    fs.mkdirSync(stage, { recursive: true })
    const good = fs.readFileSync(path.join(dataDir, 'homeward.db'))
    const bad = Buffer.from(good)
    bad.fill(0x5a, 4096 * 3, 4096 * 6) // scribble over pages
    fs.writeFileSync(path.join(stage, 'homeward.db'), bad)
    fs.writeFileSync(path.join(stage, 'manifest.json'), JSON.stringify({ format: 'homeward-backup', version: 1, tables: {} }))
    const corrupt = path.join(root, 'corrupt.tar.gz')
    expect(Bun.spawnSync(['tar', '-czf', corrupt, '-C', stage, 'manifest.json', 'homeward.db']).exitCode).toBe(0)
    const res = await homeward(['restore', corrupt], target)
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(/integrity check|not a Homeward database|malformed/i)
    expect(fs.readFileSync(path.join(target, 'keep.txt'), 'utf8')).toBe('still here')
    expect(fs.existsSync(path.join(target, 'homeward.db'))).toBe(false)
  }, SLOW)
})
