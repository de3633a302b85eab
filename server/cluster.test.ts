/**
 * Two instances behind a load balancer on one PostgreSQL database are one site
 * (ADR 022). Real processes: PostgreSQL, two `serve` processes
 * started together on an empty database and one shared data folder, and
 * Debian's HAProxy in front, configured by deploy/haproxy.cfg. Each scenario
 * goes through the balancer and through each instance directly.
 *
 * A second set runs the instances as on two machines (ADR 025): each its own
 * data folder, the care-data key shared through HOMEWARD_SECRET_KEY, the files
 * in a bucket (s3rver). A photo, a document and a backup taken through one
 * instance are served, downloaded and restored through the other.
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
import { formWith, jpegWithGps } from './test/media-fixtures'
import { startS3Emulator, type S3Emulator } from './test/s3-emulator'
import { createUser } from './test/setup'

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


describe.if(runs)('two instances on different data folders, files in a bucket', () => {
  let s3: S3Emulator
  let url2 = ''
  let restoredUrl = ''
  let db2: DB
  let dirA = ''
  let dirB = ''
  let onA: ServerProcess
  let onB: ServerProcess
  let balancer2: ReturnType<typeof Bun.spawn> | null = null
  let front = ''
  let env: Record<string, string> = {}

  beforeAll(async () => {
    s3 = await startS3Emulator()
    url2 = await createEmptyDatabase(SERVER!)
    dirA = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-machine-a-'))
    dirB = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-machine-b-'))
    // The care-data key both machines are given: this run's current key, so the fixtures below seal with it too.
    const current = currentKeyId()
    const ring = JSON.parse(fs.readFileSync(path.join(process.env.DATA_DIR!, 'keys.json'), 'utf8'))
    const key = ring.keys[current] as string
    env = { DATABASE_URL: url2, HOMEWARD_SECRET_KEY: key, SEED_DEMO: 'false', SCHEDULER: 'true', TRUST_PROXY: 'true', RATE_LIMIT_SCALE: '1', ...s3.env('site') }
    ;[onA, onB] = await Promise.all([startServer({ ...env, DATA_DIR: dirA }), startServer({ ...env, DATA_DIR: dirB })])
    const port = await freePort()
    const config = path.join(dirA, 'haproxy.cfg')
    fs.writeFileSync(config, haproxyConfig(port, [onA, onB]))
    balancer2 = Bun.spawn([HAPROXY!, '-db', '-f', config], { stdout: 'ignore', stderr: 'ignore' })
    front = `http://127.0.0.1:${port}`
    await eventually('the balancer to listen', () => fetch(`${front}/api/health`).then((r) => r.ok, () => false))
    db2 = await openDatabase(url2, { poolSize: 4 })
    useDatabase(db2)
  }, 120_000)

  afterAll(async () => {
    balancer2?.kill()
    await Promise.all([onA?.stop(), onB?.stop()])
    if (db2) await closeHandle(db2)
    for (const u of [url2, restoredUrl]) if (u) await dropDatabase(SERVER!, u)
    for (const d of [dirA, dirB]) if (d) fs.rmSync(d, { recursive: true, force: true })
    await s3?.stop()
  })

  /** The CLI as a process of its own, waited for without blocking: the bucket (s3rver) answers from this process. */
  const homeward = async (args: string[], extra: Record<string, string>) => {
    const proc = Bun.spawn([process.execPath, 'bin/homeward.ts', ...args], { cwd: root, env: { ...process.env, ...env, LOG_LEVEL: 'warn', ...extra }, stdout: 'pipe', stderr: 'pipe' })
    const [exitCode, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text(), new Response(proc.stdout).text()])
    return { exitCode, stderr }
  }

  test('a photo uploaded through A is shown through B and the balancer; nothing is in either data folder', async () => {
    const owner = await createUser({ plan: 'premium' })
    const home = await browserAt(onA.url, owner.agent.cookie).post('/api/my/properties', {
      name: 'Two Machines House', address: '1 Main Street', city: 'Austin', state: 'tx', zip_code: '78704',
      description: 'A calm home.', total_beds: 4, available_beds: 2, monthly_fee: 3200, license_number: 'LIC-2',
    })
    expect(home.status).toBe(201)
    const up = await browserAt(onA.url, owner.agent.cookie).request('POST', `/api/my/properties/${home.json.property.id}/images`, { form: formWith([{ bytes: await jpegWithGps(), filename: 'a.jpg' }]) })
    expect(up.status).toBe(201)
    const image = up.json.property.images[0] as string
    const fromA = await fetch(onA.url + image)
    expect(fromA.status).toBe(200)
    const bytes = new Uint8Array(await fromA.arrayBuffer())
    for (const base of [onB.url, front]) {
      const shown = await fetch(base + image)
      expect(shown.status).toBe(200)
      expect(shown.headers.get('content-type')).toBe('image/webp')
      expect(new Uint8Array(await shown.arrayBuffer())).toEqual(bytes)
    }
    for (const dir of [dirA, dirB]) expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(false)
  })

  test('a document uploaded through A is downloaded through B, still refused to someone without access, and sealed in the bucket', async () => {
    const owner = await referrer()
    const referral = await insertReferral(owner.id)
    const marker = `QzTWOMACHINESmk${crypto.randomUUID().slice(0, 6)}`
    const form = new FormData()
    form.append('file', new File([`%PDF-1.4\n% ${marker}\n%%EOF\n`], 'plan.pdf', { type: 'application/pdf' }))
    const up = await browserAt(onA.url, owner.agent.cookie).request('POST', `/api/referrals/${referral.id}/documents`, { form })
    expect(up.status).toBe(201)
    const down = await browserAt(onB.url, owner.agent.cookie).get(`/api/documents/${up.json.id}/download`)
    expect(down.status).toBe(200)
    expect(down.text).toContain(marker)
    const stranger = await premiumOperator()
    expect((await browserAt(onB.url, stranger.agent.cookie).get(`/api/documents/${up.json.id}/download`)).status).toBe(404)
    expect((await browserAt(onB.url).get(`/api/documents/${up.json.id}/download`)).status).toBe(401)
    for (const object of s3.objects()) expect(object.bytes.includes(marker)).toBe(false)
  })

  test('a backup taken through A restores on another database, folder and bucket prefix, and serves the document there', async () => {
    const owner = await referrer()
    const referral = await insertReferral(owner.id)
    const form = new FormData()
    form.append('file', new File(['%PDF-1.4\n% restored\n%%EOF\n'], 'kept.pdf', { type: 'application/pdf' }))
    const up = await browserAt(onA.url, owner.agent.cookie).request('POST', `/api/referrals/${referral.id}/documents`, { form })
    expect(up.status).toBe(201)
    const archive = path.join(dirA, 'site.tar.gz')
    const backup = await homeward(['backup', archive], { DATA_DIR: dirA })
    expect(backup.stderr).toBe('')
    expect(backup.exitCode).toBe(0)

    restoredUrl = await createEmptyDatabase(SERVER!)
    const dirC = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-machine-c-'))
    const elsewhere = { DATA_DIR: dirC, DATABASE_URL: restoredUrl, ...s3.env('restored') }
    const restore = await homeward(['restore', archive], elsewhere)
    expect(restore.stderr).toBe('')
    expect(restore.exitCode).toBe(0)
    const onC = await startServer({ ...env, ...elsewhere, SCHEDULER: 'false' })
    try {
      const down = await browserAt(onC.url, owner.agent.cookie).get(`/api/documents/${up.json.id}/download`)
      expect(down.status).toBe(200)
      expect(down.text).toContain('% restored')
    } finally {
      await onC.stop()
      fs.rmSync(dirC, { recursive: true, force: true })
    }
  }, 120_000)
})
