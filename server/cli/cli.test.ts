/**
 * The real bin/homeward, spawned against temporary data folders and databases
 * of the run's engine (SQLite in the folder, or with TEST_DATABASE_URL a
 * PostgreSQL database of its own, handed to the command as DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { closeHandle, ENGINE, fixtureHandle, openDatabase, type DB, type Tx } from '../db/client'
import { audit_logs, fhir_clients, outbox, profiles, referral_payments, referrals, user_roles, users } from '../db/schema'
import { dataDir as testDataDir } from '../env'
import { currentKeyId } from '../lib/crypto'
import { newTestDatabase, removeTestDatabase } from '../test/setup'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-cli-test-'))
const bin = path.resolve(import.meta.dir, '../../bin/homeward')
const SLOW = 120_000

/** Where a command runs: its data folder, and on PostgreSQL its database. */
type Place = { dir: string; url: string | null }
/** The PostgreSQL databases this file created, dropped at the end. */
const databases: string[] = []

async function homeward(args: string[], place: Place) {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: place.dir, NODE_ENV: 'test', SCHEDULER: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'warn' }
  // This process's DATABASE_URL names the run's template: the command gets the place's database, or none (SQLite).
  delete env.DATABASE_URL
  if (place.url) env.DATABASE_URL = place.url
  const proc = Bun.spawn([bin, ...args], { env, stdout: 'pipe', stderr: 'pipe' })
  const [code, stdout, stderr] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  return { code, stdout, stderr }
}

const databaseOf = (place: Place) => place.url ?? path.join(place.dir, 'homeward.db')

const source: Place = { dir: path.join(root, 'data'), url: null }
const dataDir = source.dir
/** The CLI's database, opened beside it; its writer connection for fixtures (tests only). */
let handle: DB
let database: DB & Tx

/** A user inserted straight into the CLI's database (there is no sign-up command). */
async function insertUser(email: string, roles: ('admin' | 'referrer' | 'operator')[] = []) {
  const user = (await database.insert(users).values({ email, password_hash: 'x' }).returning().get())!
  await database.insert(profiles).values({ id: user.id, email, first_name: 'Pat', last_name: email.split('@')[0]! }).run()
  for (const role of roles) await database.insert(user_roles).values({ user_id: user.id, role }).run()
  return user
}

async function insertReferral(status: 'pending' | 'placed' = 'pending') {
  return (await database
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
    .get())!
}

const auditBy = (action: string) => database.select().from(audit_logs).where(eq(audit_logs.action, action)).all()

beforeAll(async () => {
  // Rows this process inserts are sealed with its care-data key: the CLI must hold the same key ring.
  currentKeyId()
  const ring = path.join(testDataDir(), 'keys.json')
  fs.mkdirSync(dataDir, { recursive: true })
  if (fs.existsSync(ring)) fs.copyFileSync(ring, path.join(dataDir, 'keys.json'))
  // SQLite: `migrate` creates the database in the empty folder. PostgreSQL: the database exists (a copy of the migrated template) and `migrate` finds nothing to do.
  if (ENGINE === 'postgres') {
    source.url = await newTestDatabase()
    databases.push(source.url)
  }
  const migrated = await homeward(['migrate'], source)
  if (migrated.code !== 0) console.error(migrated.stderr)
  expect(migrated.code).toBe(0)
  handle = await openDatabase(databaseOf(source), { poolSize: 2 })
  database = fixtureHandle(handle)
}, SLOW)

afterAll(async () => {
  if (handle) await closeHandle(handle)
  for (const url of databases) await removeTestDatabase(url)
  fs.rmSync(root, { recursive: true, force: true })
})

describe('usage', () => {
  test('--help everywhere, exit 2 for bad usage', async () => {
    const help = await homeward(['--help'], source)
    expect(help.code).toBe(0)
    for (const command of ['admin', 'premium', 'users', 'referrals', 'escrow', 'jobs', 'backup', 'restore', 'outbox']) {
      expect(help.stdout).toContain(command)
    }
    const escrowHelp = await homeward(['escrow', 'release', '--help'], source)
    expect(escrowHelp.code).toBe(0)
    expect(escrowHelp.stdout).toContain('--reason <text>')
    expect((await homeward(['nonsense'], source)).code).toBe(2)
    const badRole = await homeward(['users', 'list', '--role', 'wizard'], source)
    expect(badRole.code).toBe(2)
    expect(badRole.stderr).toContain("argument 'wizard' is invalid")
    const noReason = await homeward(['escrow', 'refund', 'some-id'], source)
    expect(noReason.code).toBe(2)
    expect(noReason.stderr).toContain("required option '--reason <text>' not specified")
    expect((await homeward(['admin', 'create'], source)).code).toBe(2)
  }, SLOW)
})

describe('accounts', () => {
  test('admin create, promote and demote go through the services and are audited as cli', async () => {
    const created = await homeward(['admin', 'create', 'boss@test.local', '--password', 'long-enough-1'], source)
    expect(created.code).toBe(0)
    expect(created.stdout).toContain('Admin boss@test.local created')
    const again = await homeward(['admin', 'create', 'boss@test.local', '--password', 'long-enough-1'], source)
    expect(again.code).toBe(1)
    expect(again.stderr).toBe('Error: An account with this email already exists\n')
    const weak = await homeward(['admin', 'create', 'weak@test.local', '--password', 'short'], source)
    expect(weak.code).toBe(2)
    expect(weak.stderr).toContain('Password must be at least 8 characters')

    await insertUser('helper@test.local', ['operator'])
    const promoted = await homeward(['admin', 'promote', 'Helper@Test.local'], source)
    expect(promoted.code).toBe(0)
    expect(promoted.stdout).toContain('helper@test.local is now an admin')
    expect((await homeward(['admin', 'promote', 'nobody@test.local'], source)).code).toBe(1)

    const admins = await homeward(['users', 'list', '--role', 'admin'], source)
    expect(admins.code).toBe(0)
    expect(admins.stdout).toContain('boss@test.local')
    expect(admins.stdout).toContain('helper@test.local')
    expect(admins.stdout).toContain('2 accounts.')

    expect((await homeward(['admin', 'demote', 'helper@test.local'], source)).code).toBe(0)
    const last = await homeward(['admin', 'demote', 'boss@test.local'], source)
    expect(last.code).toBe(1)
    expect(last.stderr).toContain('The last admin cannot be demoted')

    for (const action of ['admin_created', 'admin_promoted', 'admin_demoted']) {
      expect((await auditBy(action)).map((a) => a.actor_label)).toContain('cli')
    }
  }, SLOW)

  test('premium grant then list', async () => {
    await insertUser('owner@test.local', ['operator'])
    const grant = await homeward(['premium', 'grant', 'owner@test.local'], source)
    expect(grant.code).toBe(0)
    const list = await homeward(['premium', 'list'], source)
    expect(list.code).toBe(0)
    expect(list.stdout).toContain('owner@test.local')
    expect(list.stdout).toContain('complimentary')
  }, SLOW)
})

describe('referrals, escrow, outbox, jobs', () => {
  test('referrals list filters by status', async () => {
    const placed = await insertReferral('placed')
    const pending = await insertReferral('pending')
    const out = await homeward(['referrals', 'list', '--status', 'placed'], source)
    expect(out.code).toBe(0)
    expect(out.stdout).toContain(placed.id)
    expect(out.stdout).not.toContain(pending.id)
    const json = JSON.parse((await homeward(['referrals', 'list', '--json'], source)).stdout) as { id: string }[]
    expect(json.map((r) => r.id)).toContain(pending.id)
  }, SLOW)

  test('escrow list, then refund with a reason (audited as cli)', async () => {
    const operator = await insertUser('escrow-op@test.local', ['operator'])
    const referral = await insertReferral()
    const payment = (await database
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
      .get())!
    const list = await homeward(['escrow', 'list'], source)
    expect(list.code).toBe(0)
    expect(list.stdout).toContain(payment.id)
    expect(list.stdout).toContain('$200')
    expect(list.stdout).toMatch(/2h (59|58)m/)
    const blank = await homeward(['escrow', 'refund', payment.id, '--reason', '  '], source)
    expect(blank.code).toBe(2)
    expect((await database.select().from(referral_payments).where(eq(referral_payments.id, payment.id)).get())!.status).toBe('held_in_escrow')
    const refund = await homeward(['escrow', 'refund', payment.id, '--reason', 'Client moved out of state'], source)
    expect(refund.code).toBe(0)
    const row = (await database.select().from(referral_payments).where(eq(referral_payments.id, payment.id)).get())!
    expect(row.status).toBe('refunded')
    expect(row.resolution_reason).toBe('Client moved out of state')
    const audit = await database.select().from(audit_logs).where(eq(audit_logs.resource_id, payment.id)).all()
    expect(audit.length).toBeGreaterThan(0)
    expect(audit.every((a) => a.actor_label === 'cli')).toBe(true)
    expect((await homeward(['escrow', 'release', 'missing', '--reason', 'x'], source)).code).toBe(1)
  }, SLOW)

  test('jobs run delivers the outbox as .eml files; outbox list shows it', async () => {
    const mail = (await database.insert(outbox).values({ to_email: 'cli-mail@test.local', type: 'welcome', subject: 'Hi', text_body: 'Hello' }).returning().get())!
    const run = await homeward(['jobs', 'run'], source)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/\d+ due jobs? run; [1-9]\d* e-mails? delivered/)
    expect((await database.select().from(outbox).where(eq(outbox.id, mail.id)).get())!.status).toBe('sent')
    expect(fs.existsSync(path.join(dataDir, 'outbox', `${mail.id}.eml`))).toBe(true)
    const list = await homeward(['outbox', 'list', '--status', 'sent'], source)
    expect(list.code).toBe(0)
    expect(list.stdout).toContain('cli-mail@test.local')
  }, SLOW)
})

describe('fhir-clients', () => {
  test('add (a JWKS file, a referrer account) prints the client_id; list shows it; revoke ends it; all audited as cli', async () => {
    const referrer = await insertUser('hospital-team@test.local', ['referrer'])
    const jwksFile = path.join(root, 'jwks.json')
    fs.writeFileSync(jwksFile, JSON.stringify({ keys: [{ kty: 'EC', crv: 'P-384', kid: 'k1', x: 'x', y: 'y' }] }))
    const added = await homeward(['fhir-clients', 'add', '--name', 'Mercy Hospital', '--account', 'hospital-team@test.local', '--jwks-file', jwksFile, '--scope', 'system/Task.rs system/Bundle.c'], source)
    expect(added.code).toBe(0)
    const clientId = /^client_id: (\S+)$/m.exec(added.stdout)?.[1]
    const row = (await database.select().from(fhir_clients).where(eq(fhir_clients.id, clientId!)).get())!
    expect(row).toMatchObject({ name: 'Mercy Hospital', user_id: referrer.id, scopes: 'system/Task.rs system/Bundle.c', jwks_url: null, revoked_at: null })
    const list = await homeward(['fhir-clients', 'list'], source)
    expect(list.code).toBe(0)
    expect(list.stdout).toContain('Mercy Hospital')
    expect(list.stdout).toContain(clientId!)
    expect(list.stdout).toContain('active')
    expect((await homeward(['fhir-clients', 'revoke', clientId!], source)).code).toBe(0)
    expect((await database.select().from(fhir_clients).where(eq(fhir_clients.id, clientId!)).get())!.revoked_at).not.toBeNull()
    expect((await homeward(['fhir-clients', 'list'], source)).stdout).toContain('revoked')
    const audit = await database.select().from(audit_logs).where(eq(audit_logs.resource_id, clientId!)).all()
    expect(audit.map((a) => [a.action, a.actor_label]).sort()).toEqual([['fhir_client.added', 'cli'], ['fhir_client.revoked', 'cli']])
    // Bad usage: both key sources, an http JWKS URL, an operator's account.
    expect((await homeward(['fhir-clients', 'add', '--name', 'X', '--account', 'hospital-team@test.local', '--jwks-file', jwksFile, '--jwks-url', 'https://x.example/jwks'], source)).code).toBe(2)
    expect((await homeward(['fhir-clients', 'add', '--name', 'X', '--account', 'hospital-team@test.local', '--jwks-url', 'http://x.example/jwks'], source)).code).toBe(2)
    await insertUser('a-home@test.local', ['operator'])
    expect((await homeward(['fhir-clients', 'add', '--name', 'X', '--account', 'a-home@test.local', '--jwks-file', jwksFile], source)).code).toBe(2)
    expect((await homeward(['fhir-clients', 'revoke', 'missing'], source)).code).toBe(1)
  }, SLOW)
})

// Backup and restore (both engines, version-1 archives, damaged archives): server/cli/backup.test.ts and move-engines.test.ts.
