/**
 * npm run bench:cluster — one instance against two behind HAProxy, on one
 * PostgreSQL database (ADR 022).
 *
 * Seeds 10,000 properties and C conversations into a scratch database, starts
 * two `serve` processes on it and HAProxy in front (deploy/haproxy.cfg), and
 * measures through the balancer with one instance in its backend, then with
 * both:
 *   GET /api/properties?zip=…&radius=50        (the public search)
 *   POST /api/conversations/:id/messages       (a write: message, counters, live event, e-mail)
 * with C keep-alive connections for D seconds each (requests/s, p50, p99), and
 * the cross-instance live-event latency: a message sent through instance A
 * until its event arrives on a stream held by instance B (p50, p99).
 *
 * Needs BENCH_POSTGRES_URL=postgres://user:pass@host/db (a user who may create
 * databases) and haproxy. Options: BENCH_PROPERTIES=10000 BENCH_CONCURRENCY=50
 * BENCH_SECONDS=10 BENCH_WARMUP_SECONDS=2 BENCH_EVENTS=300.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createPairs, type Pair } from './conversations'
import { benchDatabase } from './database'
import { floorLine, healthFloor } from './floor'

const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 10_000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2)
const EVENTS = Number(process.env.BENCH_EVENTS ?? 300)
const ZIPS = ['10001', '90012', '60601', '77002', '85004', '19103', '78205', '92101', '75201', '95113']
const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p))

if (!process.env.BENCH_POSTGRES_URL || !HAPROXY) {
  console.error('bench:cluster needs BENCH_POSTGRES_URL=postgres://… (a user who may create databases) and haproxy (apt-get install haproxy).')
  process.exit(2)
}

const root = path.resolve(import.meta.dir, '..')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-bench-cluster-'))
const database = await benchDatabase()
// Rate limits out of the way: 50 senders far exceed one person's 60 messages a minute.
const env = { ...process.env, ...database.env, DATA_DIR: dataDir, NODE_ENV: 'development', SEED_DEMO: 'false', LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '100000' }
const children: Array<ReturnType<typeof Bun.spawn>> = []

const pct = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
const ms = (v: number) => `${v.toFixed(1)} ms`

async function freePort() {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = listener.port
  listener.stop(true)
  return port
}

async function healthy(base: string) {
  for (let i = 0; i < 300; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) return
    await Bun.sleep(100)
  }
  throw new Error(`${base} did not become healthy`)
}

async function startInstance() {
  const port = await freePort()
  children.push(Bun.spawn([process.execPath, 'bin/homeward.ts', 'serve', '--port', String(port)], { cwd: root, env: { ...env, HOST: '127.0.0.1' }, stdout: 'ignore', stderr: 'inherit' }))
  const base = `http://127.0.0.1:${port}`
  await healthy(base)
  return { port, base }
}

async function startBalancer(ports: number[]) {
  const port = await freePort()
  let config = fs.readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8').replace('bind :8080', `bind 127.0.0.1:${port}`)
  config = config.replace('homeward-1:3000', `127.0.0.1:${ports[0]}`)
  config = ports[1] ? config.replace('homeward-2:3000', `127.0.0.1:${ports[1]}`) : config.replace(/^\s*server homeward-2 .*$/m, '')
  const file = path.join(dataDir, `haproxy-${ports.length}.cfg`)
  fs.writeFileSync(file, config)
  const proc = Bun.spawn([HAPROXY!, '-db', '-f', file], { stdout: 'ignore', stderr: 'ignore' })
  children.push(proc)
  const base = `http://127.0.0.1:${port}`
  await healthy(base)
  return { base, stop: () => proc.kill() }
}

async function drive(seconds: number, request: (conn: number, n: number) => Promise<Response>) {
  const latencies: number[] = []
  let errors = 0
  const stopAt = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, conn) => {
      for (let n = 0; performance.now() < stopAt; n++) {
        const t0 = performance.now()
        const res = await request(conn, n).catch(() => null)
        await res?.arrayBuffer()
        if (!res?.ok) errors++
        latencies.push(performance.now() - t0)
      }
    }),
  )
  const sorted = Float64Array.from(latencies).sort()
  return { rps: latencies.length / ((performance.now() - started) / 1000), p50: pct(sorted, 50), p99: pct(sorted, 99), errors }
}

async function measure(label: string, base: string, pairs: Pair[]) {
  const search = (conn: number, n: number) => fetch(`${base}/api/properties?zip=${ZIPS[(conn + n) % ZIPS.length]}&radius=50`)
  const send = (conn: number, n: number) =>
    fetch(`${base}/api/conversations/${pairs[conn]!.conversationId}/messages`, {
      method: 'POST',
      headers: { cookie: pairs[conn]!.referrer.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ message_text: `Bench message ${conn}.${n}` }),
    })
  for (const [name, request] of [['search', search], ['message send', send]] as const) {
    await drive(WARMUP, request)
    const r = await drive(SECONDS, request)
    console.log(`${label.padEnd(34)} ${name.padEnd(13)} ${Math.round(r.rps).toLocaleString('en-US').padStart(6)} req/s  p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  errors ${r.errors}`)
  }
}

/** Messages sent through `from`, each timed until its event arrives on the recipient's stream held by `to`. */
async function liveEventLatency(from: string, to: string, pairs: Pair[]) {
  const streams = pairs.slice(0, 10)
  const pending = new Map<string, (at: number) => void>()
  const arrivedAt = new Map<string, number>()
  const aborts: AbortController[] = []
  await Promise.all(
    streams.map(async (pair) => {
      const abort = new AbortController()
      aborts.push(abort)
      const res = await fetch(`${to}/api/events`, { headers: { cookie: pair.operator.cookie }, signal: abort.signal })
      const reader = res.body!.getReader()
      const decoder = new TextDecoder()
      let buffer = ''
      let ready!: () => void
      const isReady = new Promise<void>((resolve) => (ready = resolve))
      void (async () => {
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
          if (done) return
          buffer += decoder.decode(value, { stream: true })
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            const data = block.split('\n').find((l) => l.startsWith('data: '))
            if (!data) continue
            const event = JSON.parse(data.slice(6))
            if (event.type === 'ready') ready()
            if (event.type === 'message.created') {
              const at = performance.now()
              arrivedAt.set(event.data.message_id, at)
              pending.get(event.data.message_id)?.(at)
            }
          }
        }
      })()
      await isReady
    }),
  )
  const latencies: number[] = []
  for (let i = 0; i < EVENTS; i++) {
    const pair = streams[i % streams.length]!
    const t0 = performance.now()
    const res = await fetch(`${from}/api/conversations/${pair.conversationId}/messages`, {
      method: 'POST',
      headers: { cookie: pair.referrer.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ message_text: `Latency ${i}` }),
    })
    const { id } = (await res.json()) as { id: string }
    // The event may arrive before the answer: look for it first, then wait.
    const arrived =
      arrivedAt.get(id) ??
      (await new Promise<number>((resolve) => {
        pending.set(id, resolve)
        setTimeout(() => resolve(Number.NaN), 5000)
      }))
    pending.delete(id)
    latencies.push(arrived - t0)
  }
  for (const abort of aborts) abort.abort()
  const lost = latencies.filter((l) => Number.isNaN(l)).length
  const sorted = Float64Array.from(latencies.filter((l) => !Number.isNaN(l))).sort()
  console.log(`live event, sent through A, received on B   p50 ${ms(pct(sorted, 50))}  p99 ${ms(pct(sorted, 99))}  (${EVENTS} messages, ${lost} lost; from the send to the event, the send's own time included)`)
}

try {
  console.log(`Seeding ${PROPERTIES.toLocaleString('en-US')} properties and ${CONCURRENCY} conversations into a scratch PostgreSQL database ...`)
  const seed = Bun.spawnSync([process.execPath, 'bin/homeward.ts', 'seed', '--no-demo', '--properties', String(PROPERTIES)], { cwd: root, env, stdout: 'ignore', stderr: 'inherit' })
  if (seed.exitCode !== 0) throw new Error('seeding failed')
  Object.assign(process.env, env)
  const pairs = await createPairs(Array.from({ length: CONCURRENCY }, (_, n) => String(n)))
  const [a, b] = await Promise.all([startInstance(), startInstance()])
  console.log(`${os.cpus().length} CPUs, ${CONCURRENCY} connections, ${SECONDS} s each; PostgreSQL, the instances, HAProxy and this load generator share the machine.`)
  const one = await startBalancer([a.port])
  await measure('HAProxy → one instance', one.base, pairs)
  one.stop()
  const both = await startBalancer([a.port, b.port])
  await measure('HAProxy → two instances', both.base, pairs)
  both.stop()
  await liveEventLatency(a.base, b.base, pairs)
  console.log(floorLine(await healthFloor(a.base)))
} finally {
  for (const child of children) child.kill()
  await Promise.all(children.map((c) => c.exited))
  fs.rmSync(dataDir, { recursive: true, force: true })
  await database.drop()
}
