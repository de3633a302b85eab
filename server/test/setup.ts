import { afterAll, beforeAll, describe } from 'bun:test'
import fs from 'node:fs'
import path from 'node:path'
import { createApp } from '../app'
import { closeDatabase, database, ENGINE, fixtureHandle, openDatabase, useDatabase, type DB, type Tx } from '../db/client'
import { createFromTemplate, dropDatabase } from './postgres-databases'
import { operator_subscriptions, profiles, user_roles, users } from '../db/schema'
import { createSession, SESSION_COOKIE } from '../features/auth/session'
import { resetAllLimiters } from '../lib/rate-limit'
import { clock } from '../lib/clock'
import type { Role } from '../features/auth/roles'
import { eq } from 'drizzle-orm'
import { enableWithSecret } from '../features/accounts/two-factor'

/**
 * The test file's database for fixtures and assertions: the writer connection,
 * so a test may insert rows directly (outside any unit of work) and read them
 * back; pass it to services as their database. Production code never holds
 * such a handle (ADR 020).
 */
export const db: DB & Tx = new Proxy({} as DB & Tx, {
  get(_target, prop) {
    const handle = fixtureHandle(database())
    const value = Reflect.get(handle, prop, handle)
    return typeof value === 'function' ? value.bind(handle) : value
  },
})

/** The TOTP key of every test admin (compute codes with totpCode(TEST_TOTP_KEY)). */
export const TEST_TOTP_KEY = new Uint8Array(20).fill(7)

/**
 * Gives the calling test file its own copy of the pre-migrated template
 * database (Epic Stack style), so files never see each other's data: a copy
 * of the template file on SQLite, a database created from the template
 * database on PostgreSQL (server/test/preload.ts). Call at the top level of a
 * test file: `const t = setupTestDb()`. `t.target` is the file path or URL;
 * `t.env` is what a child process (the CLI) needs to open the same database.
 */
export function setupTestDb() {
  const ctx = { db: null as unknown as DB, file: '', target: '', env: {} as Record<string, string> }
  beforeAll(async () => {
    ctx.target = await newTestDatabase()
    ctx.file = ENGINE === 'sqlite' ? ctx.target : ''
    ctx.env = ENGINE === 'postgres' ? { DATABASE_URL: ctx.target } : {}
    ctx.db = await openDatabase(ctx.target, { poolSize: 4 })
    useDatabase(ctx.db)
    await resetAllLimiters(ctx.db)
    clock.reset()
  })
  afterAll(async () => {
    await closeDatabase()
    await removeTestDatabase(ctx.target)
  })
  return ctx
}

/** A new database copied from the run's template: a file path (SQLite) or a URL (PostgreSQL). */
export async function newTestDatabase(): Promise<string> {
  if (ENGINE === 'postgres') return createFromTemplate(process.env.TEST_DATABASE_URL!, process.env.DATABASE_URL!)
  const file = path.join(process.env.DATA_DIR!, `test-${crypto.randomUUID()}.db`)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.copyFileSync(process.env.HOMEWARD_TEMPLATE_DB!, file)
  return file
}

export async function removeTestDatabase(target: string) {
  if (ENGINE === 'postgres') return dropDatabase(process.env.TEST_DATABASE_URL!, target)
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(target + suffix, { force: true })
}

/** Runs a describe block on SQLite only: for what only SQLite has (its file, its PRAGMAs, its lock). */
export const describeSqlite = describe.if(ENGINE === 'sqlite')

/** A fake Bun server for app.request(): gives the connection an IP. */
export const fakeServer = (ip = '203.0.113.7') => ({ requestIP: () => ({ address: ip, family: 'IPv4', port: 5000 }) })

type RequestOptions = { body?: unknown; headers?: Record<string, string>; ip?: string; form?: FormData }

/** An HTTP client over app.request() with a cookie jar, like one browser. */
export class TestAgent {
  cookie: string | null = null
  constructor(
    public app = createApp(),
    public ip = '203.0.113.7',
  ) {}

  async request(method: string, path: string, opts: RequestOptions = {}) {
    const headers: Record<string, string> = { ...opts.headers }
    if (this.cookie) headers.cookie = this.cookie
    let body: BodyInit | undefined
    if (opts.form) body = opts.form
    else if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json'
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body)
    }
    const res = await this.app.request(path, { method, headers, body }, fakeServer(opts.ip ?? this.ip))
    const setCookie = res.headers.get('set-cookie')
    if (setCookie?.startsWith(`${SESSION_COOKIE}=`)) {
      const value = setCookie.split(';')[0]!
      this.cookie = value.endsWith('=') ? null : value
    }
    // Decoded keeping a leading BOM (Response.text() drops it from a byte body): the CSV downloads start with one on purpose.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
    let json: any = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      json = null
    }
    return { status: res.status, headers: res.headers, json, text }
  }
  get = (path: string, opts?: RequestOptions) => this.request('GET', path, opts)
  post = (path: string, body?: unknown, opts?: RequestOptions) => this.request('POST', path, { ...opts, body })
  patch = (path: string, body?: unknown, opts?: RequestOptions) => this.request('PATCH', path, { ...opts, body })
  delete = (path: string, body?: unknown, opts?: RequestOptions) => this.request('DELETE', path, { ...opts, body })
  upload = (path: string, form: FormData, opts?: RequestOptions) => this.request('POST', path, { ...opts, form })
}

export const TEST_PASSWORD = 'password-123'
let cachedHash: string | null = null

type UserOptions = {
  email?: string
  roles?: Role[]
  /** 'premium' = an active paid subscription; 'complimentary' = an admin grant. */
  plan?: 'free' | 'premium' | 'trialing' | 'complimentary'
  first_name?: string
  last_name?: string
  username?: string | null
  licensing_type?: 'licensed' | 'in_progress' | 'unlicensed'
  verified?: boolean
}

let counter = 0
/**
 * Creates a user directly in the database (fast: the password hash is
 * computed once) and returns a TestAgent already signed in as them.
 */
export async function createUser(opts: UserOptions = {}) {
  cachedHash ??= await Bun.password.hash(TEST_PASSWORD, { algorithm: 'argon2id' })
  const n = ++counter
  const email = (opts.email ?? `user${n}-${crypto.randomUUID().slice(0, 8)}@test.local`).toLowerCase()
  const user = (await db
    .insert(users)
    .values({ email, password_hash: cachedHash, email_verified_at: opts.verified === false ? null : clock.now() })
    .returning()
    .get())!
  await db
    .insert(profiles)
    .values({
      id: user.id,
      email,
      first_name: opts.first_name ?? 'Test',
      last_name: opts.last_name ?? `User${n}`,
      phone: '(555) 555-0100',
      username: opts.username ?? null,
      licensing_type: opts.licensing_type ?? 'unlicensed',
      profile_published: !!opts.username,
    })
    .run()
  for (const role of opts.roles ?? []) await db.insert(user_roles).values({ user_id: user.id, role }).run()
  await db.insert(operator_subscriptions).values({ user_id: user.id }).run()
  if (opts.plan && opts.plan !== 'free') await setPlan(user.id, opts.plan)
  const admin = !!opts.roles?.includes('admin')
  // Admins must use two-factor sign-in: test admins are enrolled and their session has passed it.
  if (admin) await enableWithSecret(db, user.id, TEST_TOTP_KEY)
  const { token } = await createSession(db, { userId: user.id, isAdmin: admin, twoFactorVerified: admin })
  const agent = new TestAgent()
  agent.cookie = `${SESSION_COOKIE}=${token}`
  return { id: user.id, email, password: TEST_PASSWORD, agent }
}

export async function setPlan(userId: string, plan: 'free' | 'premium' | 'trialing' | 'complimentary') {
  const in30 = new Date(clock.ms() + 30 * 86_400_000)
  const values =
    plan === 'complimentary'
      ? { is_complimentary: true, granted_at: clock.now() }
      : plan === 'free'
        ? { tier: 'free' as const, status: 'canceled' as const, is_complimentary: false }
        : { tier: 'premium' as const, status: plan === 'trialing' ? ('trialing' as const) : ('active' as const), provider: 'offline' as const, current_period_end: in30, trial_ends_at: plan === 'trialing' ? in30 : null }
  await db.update(operator_subscriptions).set(values).where(eq(operator_subscriptions.user_id, userId)).run()
}

/** An anonymous browser. */
export const anonymous = () => new TestAgent()
