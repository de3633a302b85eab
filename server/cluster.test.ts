/**
 * Two instances behind a load balancer on one PostgreSQL database are one site
 * (issue 26, ADR 022). Real processes: PostgreSQL, two `serve` processes
 * started together on an empty database and one shared data folder, and
 * Debian's HAProxy in front, configured by deploy/haproxy.cfg. Each scenario
 * goes through the balancer and through each instance directly.
 *
 * Runs on the PostgreSQL pass of `npm test` (TEST_DATABASE_URL) when haproxy
 * is installed (.ci/run installs it).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { and, eq, inArray } from 'drizzle-orm'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { closeHandle, connOf, ENGINE, migrationsFolder, openDatabase, useDatabase, type DB } from './db/client'
import { jobs, outbox, referral_payments, users } from './db/schema'
import { transaction } from './db/unit-of-work'
import { checkoutJobKey } from './features/marketplace/job-keys'
import { insertReferral, premiumOperator, referrer } from './features/marketplace/test-fixtures'
import { exchange, openStream } from './features/messaging/test-fixtures'
import { currentKeyId } from './lib/crypto'
import { enqueueEmail } from './mail/outbox'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed'
import { createEmptyDatabase, dropDatabase } from './test/postgres-databases'
import { startServer, type ServerProcess } from './test/server-process'
import { TestAgent } from './test/setup'
import { eventually } from './test/eventually'

const root = path.resolve(import.meta.dir, '..')
const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p))
const SERVER = process.env.TEST_DATABASE_URL
const runs = ENGINE === 'postgres' && !!SERVER && !!HAPROXY

let url = ''
let dataDir = ''
let database: DB
let a: ServerProcess
let b: ServerProcess
let balancer: ReturnType<typeof Bun.spawn> | null = null
let lb = ''
/** What HAProxy says about the servers (UP/DOWN). */
let balancerLog = ''

/** A browser at `base` (an instance or the balancer), signed in as `cookie` if given. */
function browserAt(base: string, cookie: string | null = null) {
  const agent = new TestAgent({ request: (p: string, init: RequestInit) => fetch(base + p, init) } as never)
  agent.cookie = cookie
  return agent
}

async function freePort() {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = listener.port
  listener.stop(true)
  return port
}

/** deploy/haproxy.cfg with local addresses instead of the compose file's service names. */
function haproxyConfig(port: number, instances: ServerProcess[]) {
  return fs
    .readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8')
    .replace('bind :8080', `bind 127.0.0.1:${port}`)
    .replace('homeward-1:3000', `127.0.0.1:${instances[0]!.port}`)
    .replace('homeward-2:3000', `127.0.0.1:${instances[1]!.port}`)
    .replace('inter 1s', 'inter 300ms')
}

const linesOf = (text: string, msg: string) => text.split('\n').filter((l) => l.includes(`"msg":"${msg}"`))

describe.if(runs)('two instances behind HAProxy', () => {
  beforeAll(async () => {
    url = await createEmptyDatabase(SERVER!)
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-cluster-'))
    // The instances share this run's key ring (the fixtures below seal with it), on their shared folder.
    currentKeyId()
    fs.copyFileSync(path.join(process.env.DATA_DIR!, 'keys.json'), path.join(dataDir, 'keys.json'))
    const env = { DATA_DIR: dataDir, DATABASE_URL: url, SEED_DEMO: 'true', SCHEDULER: 'true', TRUST_PROXY: 'true', RATE_LIMIT_SCALE: '1' }
    // Started at the same moment on an empty database: both migrate, both would seed.
    ;[a, b] = await Promise.all([startServer(env), startServer(env)])
    const port = await freePort()
    const config = path.join(dataDir, 'haproxy.cfg')
    fs.writeFileSync(config, haproxyConfig(port, [a, b]))
    balancer = Bun.spawn([HAPROXY!, '-db', '-f', config], { stdout: 'ignore', stderr: 'pipe' })
    void (async () => {
      const decoder = new TextDecoder()
      for (const reader = (balancer.stderr as ReadableStream<Uint8Array>).getReader(); ; ) {
        const { value, done } = await reader.read()
        if (done) break
        balancerLog += decoder.decode(value, { stream: true })
      }
    })()
    lb = `http://127.0.0.1:${port}`
    // Both instances pass the balancer's health check: once it listens, it answers (no server is marked down).
    await eventually('the balancer to listen', () => fetch(`${lb}/api/health`).then((r) => r.ok, () => false))
    for (let i = 0; i < 6; i++) expect((await fetch(`${lb}/api/health`)).status).toBe(200)
    database = await openDatabase(url, { poolSize: 4 })
    useDatabase(database) // the fixtures write here
  }, 120_000)

  afterAll(async () => {
    balancer?.kill()
    await Promise.all([a?.stop(), b?.stop()])
    if (database) await closeHandle(database)
    if (url) await dropDatabase(SERVER!, url)
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('started together on an empty database: migrated once, seeded once', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder('postgres'), 'meta/_journal.json'), 'utf8'))
    const [applied] = await connOf(database).all<{ n: number }>('SELECT count(*) AS n FROM __drizzle_migrations')
    expect(Number(applied!.n)).toBe(journal.entries.length)
    const demo = await database.select({ email: users.email }).from(users).where(inArray(users.email, DEMO_ACCOUNTS.map((d) => d.email)))
    expect(demo.map((u) => u.email).sort()).toEqual(DEMO_ACCOUNTS.map((d) => d.email).sort())
    expect(a.process.exitCode).toBeNull()
    expect(b.process.exitCode).toBeNull()
  })

  test('a session from one instance works on the other; a write through one is read at once through the other', async () => {
    const signIn = await browserAt(a.url).post('/api/auth/sign-in', { email: 'premium@homeward.test', password: DEMO_PASSWORD })
    expect(signIn.status).toBe(200)
    const onA = browserAt(a.url, signIn.headers.get('set-cookie')!.split(';')[0]!)
    const onB = browserAt(b.url, onA.cookie)
    const mine = await onB.get('/api/my/properties')
    expect(mine.status).toBe(200)
    const home = mine.json.items[0]
    // B answers a search first (and caches it); then the name changes through A.
    const search = `/api/properties?zip=${home.zip_code}&radius=25&per_page=50`
    expect((await onB.get(search)).json.items.some((p: { id: string }) => p.id === home.id)).toBe(true)
    const renamed = `${home.name} (renamed ${crypto.randomUUID().slice(0, 4)})`
    expect((await onA.patch(`/api/my/properties/${home.id}`, { name: renamed })).status).toBe(200)
    const after = await onB.get(search)
    expect(after.json.items.find((p: { id: string }) => p.id === home.id).name).toBe(renamed)
    expect((await browserAt(lb, onA.cookie).get(`/api/properties/${home.id}`)).json.name).toBe(renamed)
  })

  test('a message sent through one instance arrives on a stream held by the other, and through the balancer', async () => {
    const { referrer: to, operator, conversation } = await exchange()
    const streamOnB = await openStream(browserAt(b.url, to.agent.cookie))
    await streamOnB.waitFor((f) => f.data?.type === 'ready')
    const viaBalancer = await openStream(browserAt(lb, to.agent.cookie))
    await viaBalancer.waitFor((f) => f.data?.type === 'ready')
    const sent = await browserAt(a.url, operator.agent.cookie).post(`/api/conversations/${conversation.id}/messages`, { message_text: 'Across instances' })
    expect(sent.status).toBe(201)
    for (const stream of [streamOnB, viaBalancer]) {
      const event = await stream.waitFor((f) => f.data?.type === 'message.created' && f.data.data.message_id === sent.json.id)
      expect(event.data?.data.conversation_id).toBe(conversation.id)
    }
    await streamOnB.close()
    await viaBalancer.close()
  })

  test('20 operators unlocking one referral through both instances: one 201, nineteen 409', async () => {
    const owner = await referrer()
    const referral = await insertReferral(owner.id)
    const operators = await Promise.all(Array.from({ length: 20 }, () => premiumOperator()))
    const results = await Promise.all(operators.map((op, i) => browserAt(i % 2 ? a.url : b.url, op.agent.cookie).post(`/api/referrals/${referral.id}/unlock`)))
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409 && r.json.error.code === 'escrow_slot_full')).toHaveLength(19)
    const payments = await database.select().from(referral_payments).where(eq(referral_payments.referral_id, referral.id))
    expect(payments).toHaveLength(1)

    // Its checkout expiry, due now, runs once with both schedulers on; so do twenty e-mails.
    const key = checkoutJobKey(payments[0]!.id)
    await transaction(database, (tx) => tx.update(jobs).set({ run_at: new Date() }).where(eq(jobs.key, key)))
    const mails = await transaction(database, async (tx) => {
      const ids: string[] = []
      for (let i = 0; i < 20; i++) ids.push((await enqueueEmail(tx, { to: `once-${i}@example.com`, type: 'cluster_test', subject: `Once ${i}`, text: 'Sent once.' })).id)
      return ids
    })
    await eventually('the expiry to run', async () => (await database.select().from(jobs).where(and(eq(jobs.key, key), eq(jobs.status, 'done'))))[0])
    await eventually('the e-mails to go', async () => {
      const sent = await database.select({ id: outbox.id }).from(outbox).where(and(inArray(outbox.id, mails), eq(outbox.status, 'sent')))
      return sent.length === mails.length
    })
    // Each instance logs after its commit: wait for the lines themselves, then count them.
    const logs = await eventually('the job and every e-mail to be logged', () => {
      const printed = a.output() + b.output()
      const logged = (msg: string, id: string) => linesOf(printed, msg).some((l) => l.includes(id))
      return logged('job done', key) && mails.every((id) => logged('email sent', id)) ? printed : null
    })
    expect(linesOf(logs, 'job done').filter((l) => l.includes(key))).toHaveLength(1)
    for (const id of mails) expect(linesOf(logs, 'email sent').filter((l) => l.includes(id))).toHaveLength(1)
    for (const id of mails) expect(fs.existsSync(path.join(dataDir, 'outbox', `${id}.eml`))).toBe(true)
    expect((await database.select().from(referral_payments).where(eq(referral_payments.id, payments[0]!.id)))[0]!.status).toBe('expired')
  }, 60_000)

  test('wrong passwords for one account, alternating between instances, hit the limit at the 6th', async () => {
    const user = await referrer()
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) statuses.push((await browserAt(i % 2 ? b.url : a.url).post('/api/auth/sign-in', { email: user.email, password: 'wrong-password' })).status)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429])
  })

  test('restore refuses while instances run on the database', async () => {
    const empty = path.join(dataDir, 'empty-backup.zip')
    fs.writeFileSync(empty, '')
    const restore = Bun.spawnSync([process.execPath, 'bin/homeward.ts', 'restore', empty, '--force'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    })
    expect(restore.exitCode).not.toBe(0)
    expect(restore.stderr.toString()).toContain('A Homeward server is running')
  })

  test('an instance stopped: the balancer sends traffic to the other, a stream resumes there and loses nothing', async () => {
    const { referrer: to, operator, conversation } = await exchange()
    const first = await openStream(browserAt(lb, to.agent.cookie))
    const ready = await first.waitFor((f) => f.data?.type === 'ready')
    await a.stop()
    expect(a.output()).toContain('"msg":"stopped"')
    // While the browser reconnects, a message is sent (through the balancer: it reaches B).
    const sent = await browserAt(lb, operator.agent.cookie).post(`/api/conversations/${conversation.id}/messages`, { message_text: 'During the failover' })
    expect(sent.status).toBe(201)
    // A stream that was on A was closed with a retry hint; the browser comes back with its last id.
    const lastId = first.frames.filter((f) => f.id).at(-1)?.id ?? ready.id!
    const resumed = first.closed ? await openStream(browserAt(lb, to.agent.cookie), { lastEventId: lastId }) : first
    await resumed.waitFor((f) => f.data?.type === 'message.created' && f.data.data.message_id === sent.json.id)
    for (let i = 0; i < 10; i++) expect((await fetch(`${lb}/api/health`)).status).toBe(200)
    await eventually('the balancer to mark the stopped instance down', async () => balancerLog.includes('homeward-1 is DOWN'))
    expect(balancerLog).not.toContain('homeward-2 is DOWN')
    await resumed.close()
    if (resumed !== first) await first.close()
  }, 60_000)
})

