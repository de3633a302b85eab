/**
 * npm run bench:writes — throughput and latency of a write: message sends.
 *
 * Creates C referrer/operator pairs with a conversation each (in one unit of
 * work, straight through the services' database), starts the real server in
 * its own process, then has C concurrent keep-alive connections each send
 * messages into its own conversation for D seconds:
 *   POST /api/conversations/:id/messages
 * (a unit of work per request: the message, the conversation's counters, a
 * live event, an e-mail in the outbox). Prints requests/s, p50, p90, p99, max
 * and the error count (must be 0).
 *
 * Options (environment): BENCH_CONCURRENCY=50 BENCH_SECONDS=10
 * BENCH_WARMUP_SECONDS=2 BENCH_PORT=3298; BENCH_POSTGRES_URL=postgres://… runs
 * it on PostgreSQL (a scratch database, bench/database.ts).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createPairs } from './conversations'
import { benchDatabase } from './database'
import { floorLine, healthFloor } from './floor'

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2)
const PORT = Number(process.env.BENCH_PORT ?? 3298)

const root = path.resolve(import.meta.dir, '..')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-bench-writes-'))
const database = await benchDatabase()
// Rate limits scaled out of the way: 50 senders far exceed one person's 60 messages a minute.
const env = { ...process.env, ...database.env, DATA_DIR: dataDir, NODE_ENV: 'development', SEED_DEMO: 'false', SCHEDULER: 'false', LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '100000' }
const base = `http://127.0.0.1:${PORT}`

type Sender = { cookie: string; conversationId: string }

async function seed(): Promise<Sender[]> {
  Object.assign(process.env, env)
  const pairs = await createPairs(Array.from({ length: CONCURRENCY }, (_, n) => String(n)))
  return pairs.map((p) => ({ cookie: p.referrer.cookie, conversationId: p.conversationId }))
}

const pct = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

async function drive(senders: Sender[], seconds: number) {
  const latencies: number[] = []
  const statuses = new Map<number, number>()
  let failures = 0
  const stopAt = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    senders.map(async ({ cookie, conversationId }, i) => {
      let n = 0
      while (performance.now() < stopAt) {
        const t0 = performance.now()
        try {
          const res = await fetch(`${base}/api/conversations/${conversationId}/messages`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json', origin: base },
            body: JSON.stringify({ message_text: `Bench message ${i}.${n++}: is a bed still free next week?` }),
          })
          await res.arrayBuffer()
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
          latencies.push(performance.now() - t0)
        } catch {
          failures++
        }
      }
    }),
  )
  return { seconds: (performance.now() - started) / 1000, latencies: Float64Array.from(latencies).sort(), statuses, failures }
}

let server: ReturnType<typeof Bun.spawn> | undefined
try {
  console.log(`Engine: ${database.engine}. Creating ${CONCURRENCY} conversations ...`)
  const senders = await seed()
  server = Bun.spawn([process.execPath, 'bin/homeward.ts', 'serve', '--port', String(PORT)], { cwd: root, env, stdout: 'ignore', stderr: 'inherit' })
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break
    } catch {
      // not listening yet
    }
    await Bun.sleep(100)
  }
  await drive(senders, WARMUP)
  const r = await drive(senders, SECONDS)
  const ms = (v: number) => `${v.toFixed(1)} ms`
  const errors = [...r.statuses].filter(([s]) => s !== 201).reduce((a, [, n]) => a + n, 0) + r.failures
  console.log(
    `POST /api/conversations/:id/messages (${database.engine}, ${CONCURRENCY} connections, ${os.cpus().length} CPUs): ` +
      `${Math.round(r.latencies.length / r.seconds).toLocaleString('en-US')} req/s  p50 ${ms(pct(r.latencies, 50))}  p90 ${ms(pct(r.latencies, 90))}  p99 ${ms(pct(r.latencies, 99))}  max ${ms(r.latencies.at(-1) ?? Number.NaN)}` +
      `  (${r.latencies.length.toLocaleString('en-US')} requests, ${errors} errors: ${JSON.stringify(Object.fromEntries(r.statuses))})`,
  )
  console.log(floorLine(await healthFloor(base)))
} finally {
  server?.kill()
  await server?.exited
  fs.rmSync(dataDir, { recursive: true, force: true })
  await database.drop()
}
