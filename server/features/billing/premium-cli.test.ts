import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { closeHandle, ENGINE, fixtureHandle, openDatabase, type DB, type Tx } from '../../db/client'
import { audit_logs, operator_subscriptions, profiles, user_roles, users } from '../../db/schema'
import { newTestDatabase, removeTestDatabase } from '../../test/setup'

/**
 * `bin/homeward premium ...` run as a real process against its own data
 * folder (and on PostgreSQL its own database), the way an admin runs it on
 * the host.
 */
const root = path.resolve(import.meta.dir, '../../..')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-premium-cli-'))
/** On PostgreSQL, this file's database (a copy of the run's template); on SQLite the CLI creates DATA_DIR/homeward.db. */
let url: string | null = null
let handle: DB
/** The data folder's writer connection, for fixtures and assertions beside the CLI processes. */
let database: DB & Tx

function cli(...args: string[]) {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', SEED_DEMO: 'false', SCHEDULER: 'false', LOG_LEVEL: 'silent' }
  // This process's DATABASE_URL names the run's template: the command gets this file's database, or none (SQLite).
  delete env.DATABASE_URL
  if (url) env.DATABASE_URL = url
  const result = Bun.spawnSync([process.execPath, path.join(root, 'bin/homeward.ts'), ...args], { cwd: root, env })
  return { code: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString() }
}

async function addUser(email: string, sub: Partial<typeof operator_subscriptions.$inferInsert> = {}) {
  const user = (await database.insert(users).values({ email, password_hash: 'x' }).returning().get())!
  await database.insert(profiles).values({ id: user.id, email, first_name: 'Cli', last_name: 'User' }).run()
  await database.insert(operator_subscriptions).values({ user_id: user.id, ...sub }).run()
  return user.id
}
/** Each command is a fresh process (about a second each on a busy machine). */
const CLI_TIMEOUT = 60_000
const subOf = async (id: string) => (await database.select().from(operator_subscriptions).where(eq(operator_subscriptions.user_id, id)).get())!

beforeAll(async () => {
  if (ENGINE === 'postgres') url = await newTestDatabase()
  expect(cli('migrate').code).toBe(0)
  handle = await openDatabase(url ?? path.join(dataDir, 'homeward.db'), { poolSize: 2 })
  database = fixtureHandle(handle)
}, CLI_TIMEOUT)
afterAll(async () => {
  if (handle) await closeHandle(handle)
  if (url) await removeTestDatabase(url)
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('homeward premium', () => {
  test('--help lists grant, revoke and list', () => {
    const help = cli('premium', '--help')
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('grant <email>')
    expect(help.stdout).toContain('revoke <email>')
    expect(help.stdout).toContain('list')
  }, CLI_TIMEOUT)

  test('grant, list and revoke; audited with actor cli', async () => {
    const id = await addUser('owner@cli.test')
    await addUser('paid@cli.test', { tier: 'premium', status: 'active', provider: 'offline', current_period_end: new Date(Date.now() + 10 * 86_400_000) })
    await addUser('plain@cli.test')

    const grant = cli('premium', 'grant', 'Owner@CLI.test')
    expect(grant).toMatchObject({ code: 0, stdout: 'Premium access granted to owner@cli.test\n' })
    expect(await subOf(id)).toMatchObject({ is_complimentary: true, granted_by: 'cli' })

    const list = cli('premium', 'list')
    expect(list.code).toBe(0)
    expect(list.stdout).toMatch(/owner@cli\.test\s+complimentary/)
    expect(list.stdout).toMatch(/paid@cli\.test\s+active\s+offline\s+\d{4}-\d{2}-\d{2}/)
    expect(list.stdout).not.toContain('plain@cli.test')
    expect(list.stdout).toContain('2 accounts.')
    const json = JSON.parse(cli('premium', 'list', '--json').stdout)
    expect(json.map((r: { email: string }) => r.email)).toEqual(['owner@cli.test', 'paid@cli.test'])

    const revoke = cli('premium', 'revoke', 'owner@cli.test')
    expect(revoke).toMatchObject({ code: 0, stdout: 'Complimentary access revoked for owner@cli.test\n' })
    expect(await subOf(id)).toMatchObject({ is_complimentary: false, granted_at: null })

    const audit = await database.select().from(audit_logs).where(eq(audit_logs.resource_id, id)).all()
    expect(audit.map((a) => [a.action, a.actor_label, a.actor_id])).toEqual([
      ['subscription.complimentary_granted', 'cli', null],
      ['subscription.complimentary_revoked', 'cli', null],
    ])
  }, CLI_TIMEOUT)

  test('a referrer account is refused, as by the admin dashboard (the same core), and stays free', async () => {
    const id = await addUser('referrer@cli.test')
    await database.insert(user_roles).values({ user_id: id, role: 'referrer' }).run()
    const refused = cli('premium', 'grant', 'referrer@cli.test')
    expect(refused.code).toBe(2) // a refused input, like any 422
    expect(refused.stderr.trim()).toBe('Error: Complimentary Premium is for operators: referrer@cli.test is not an operator account')
    expect(await subOf(id)).toMatchObject({ is_complimentary: false, granted_at: null })
  }, CLI_TIMEOUT)

  test('clear errors: unknown e-mail exits 1, missing argument exits 2', () => {
    const unknown = cli('premium', 'grant', 'ghost@cli.test')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr.trim()).toBe('Error: No account found with the email ghost@cli.test')
    const missing = cli('premium', 'revoke')
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain("missing required argument 'email'")
  }, CLI_TIMEOUT)
})
