/**
 * npm run bench:sse — live message delivery over server-sent events.
 *
 * Creates users, referrals, invitations and conversations directly in a
 * temporary DATA_DIR, starts the real server in its own process, then:
 *   1. pairs:   1,000 listeners (500 referrer/operator pairs, one stream
 *               each); messages are posted at a steady rate in random
 *               conversations; latency = from just before the POST is sent
 *               to the arrival of its `message.created` at the recipient.
 *   2. fan-out: one referrer with 1,000 open tabs (streams); each message
 *               from their operator must arrive at all 1,000; latency of
 *               every arrival.
 *   3. memory:  the server's RSS with no stream, 1,000 and 5,000 idle
 *               streams, held 35 s: past Bun's 30 s idle timeout, which only
 *               the heartbeats survive.
 * Prints p50/p90/p99/max per scenario. Target: p99 < 100 ms at 1,000
 * listeners on 2 cores.
 *
 * Options (environment): BENCH_LISTENERS=1000 BENCH_IDLE_STREAMS=5000
 * BENCH_RATE=100 (messages/s, pairs) BENCH_MESSAGES=1000 (pairs)
 * BENCH_FANOUT_MESSAGES=50 BENCH_PORT (default: a free port).
 *
 * Bun's fetch allows 256 simultaneous requests and the shell may cap open
 * files; the script re-executes itself once with both raised.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createPairs } from './conversations'
import { floorLine, healthFloor } from './floor'

const root = path.resolve(import.meta.dir, '..')
const bun = process.execPath
const LISTENERS = Number(process.env.BENCH_LISTENERS ?? 1000)
const IDLE_STREAMS = Number(process.env.BENCH_IDLE_STREAMS ?? 5000)
const RATE = Number(process.env.BENCH_RATE ?? 100)
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000)
const FANOUT_MESSAGES = Number(process.env.BENCH_FANOUT_MESSAGES ?? 50)
/** A free port unless BENCH_PORT says otherwise (other servers may be running on this machine). */
function freePort() {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port
  void probe.stop(true)
  return port
}
const PORT = Number(process.env.BENCH_PORT ?? freePort())
const FILES_NEEDED = IDLE_STREAMS * 2 + 2000

if (!process.env.BENCH_SSE_CHILD) {
  // Raise the open-file limit (client and server sockets) and Bun's fetch concurrency, then run for real.
  const script = `ulimit -n ${FILES_NEEDED} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"`
  const child = Bun.spawnSync(['sh', '-c', script, bun, import.meta.path], {
    cwd: root,
    env: { ...process.env, BENCH_SSE_CHILD: '1', BUN_CONFIG_MAX_HTTP_REQUESTS: String(Math.min(65_000, IDLE_STREAMS + 500)) },
    stdio: ['inherit', 'inherit', 'inherit'],
  })
  process.exit(child.exitCode ?? 1)
}

const openFiles = Number(Bun.spawnSync(['sh', '-c', 'ulimit -n']).stdout.toString().trim()) || 0
if (openFiles && openFiles < FILES_NEEDED) {
  console.warn(`Open-file limit is ${openFiles}; ${FILES_NEEDED} are needed for ${IDLE_STREAMS} streams. Results for the largest step may fail.`)
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-bench-sse-'))
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', SEED_DEMO: 'false', SCHEDULER: 'false', LOG_LEVEL: 'warn' }
delete (env as Record<string, string | undefined>).BENCH_SSE_CHILD
delete (env as Record<string, string | undefined>).BUN_CONFIG_MAX_HTTP_REQUESTS
const base = `http://127.0.0.1:${PORT}`

// ─── data: users with sessions, referrals, invitations, conversations ───────
async function seed() {
  Object.assign(process.env, env)
  const names = [...Array.from({ length: LISTENERS / 2 }, (_, i) => String(i)), 'fan']
  const pairs = await createPairs(names)
  return { pairs: pairs.slice(0, -1), fan: pairs.at(-1)! }
}

// ─── an SSE client over fetch ────────────────────────────────────────────────
type Arrival = { conversationId: string; at: number }
type Stream = { ready: Promise<void>; close: () => void; alive: () => boolean }

function openStream(cookie: string, onMessage?: (a: Arrival) => void): Stream {
  const abort = new AbortController()
  let alive = true
  let markReady!: () => void
  let fail!: (e: unknown) => void
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve
    fail = reject
  })
  // The reader runs for the life of the stream; its errors go to `ready`.
  void (async () => {
    try {
      const res = await fetch(`${base}/api/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal })
      if (res.status !== 200 || !res.body) throw new Error(`stream refused: ${res.status}`)
      const decoder = new TextDecoder()
      let buffer = ''
      let sawReady = false
      const reader = res.body.getReader()
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        const at = performance.now()
        buffer += decoder.decode(value, { stream: true })
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (!sawReady && frame.includes('"type":"ready"')) {
            sawReady = true
            markReady()
          }
          if (onMessage && frame.includes('"type":"message.created"')) {
            const match = /"conversation_id":"([^"]+)"/.exec(frame)
            if (match) onMessage({ conversationId: match[1]!, at })
          }
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) fail(error)
    } finally {
      alive = false
    }
  })()
  return { ready, close: () => abort.abort(), alive: () => alive }
}

async function openMany(cookies: string[], onMessage?: (a: Arrival, index: number) => void, batch = 250) {
  const streams: Stream[] = []
  for (let i = 0; i < cookies.length; i += batch) {
    const slice = cookies.slice(i, i + batch).map((cookie, j) => openStream(cookie, onMessage && ((a) => onMessage(a, i + j))))
    await Promise.all(slice.map((s) => s.ready))
    streams.push(...slice)
  }
  return streams
}

// ─── measurements ────────────────────────────────────────────────────────────
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
const ms = (n: number) => `${n.toFixed(1)} ms`
function summary(name: string, samples: number[], expected: number) {
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    scenario: name,
    deliveries: `${samples.length}/${expected}`,
    p50: ms(pct(sorted, 50)),
    p90: ms(pct(sorted, 90)),
    p99: ms(pct(sorted, 99)),
    max: ms(sorted.at(-1) ?? NaN),
  }
}
function rssMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}
async function post(cookie: string, conversationId: string, text: string) {
  const res = await fetch(`${base}/api/conversations/${conversationId}/messages`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ message_text: text }),
  })
  if (res.status !== 201) throw new Error(`send failed: ${res.status} ${await res.text()}`)
  await res.arrayBuffer()
}

// ─── run ─────────────────────────────────────────────────────────────────────
console.log(`Preparing ${LISTENERS} users in ${dataDir} ...`)
const { pairs, fan } = await seed()
const server = Bun.spawn([bun, 'bin/homeward.ts', 'serve', '--port', String(PORT)], { cwd: root, env, stdout: 'ignore', stderr: 'inherit' })
const stop = () => {
  server.kill()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
process.on('SIGINT', () => {
  stop()
  process.exit(130)
})

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break
    } catch {
      // not up yet
    }
    if (i > 200) throw new Error('server did not start')
    await Bun.sleep(100)
  }
  // Warm the routes (JIT, statements) outside the measurements.
  for (let i = 0; i < 20; i++) await post(pairs[i % pairs.length]!.referrer.cookie, pairs[i % pairs.length]!.conversationId, `warm-up ${i}`)
  await Bun.sleep(6000)
  const rssIdle = rssMb(server.pid)

  // 1. pairs: one stream per user, steady message rate in random conversations.
  const recipientOf = new Map<string, number>() // conversation -> index of the recipient's stream
  const sentAt = new Map<string, number>()
  const pairLatencies: number[] = []
  const cookies = pairs.flatMap((p) => [p.referrer.cookie, p.operator.cookie])
  let started = performance.now()
  const pairStreams = await openMany(cookies, (arrival, index) => {
    const t0 = sentAt.get(arrival.conversationId)
    if (t0 !== undefined && recipientOf.get(arrival.conversationId) === index) {
      pairLatencies.push(arrival.at - t0)
      sentAt.delete(arrival.conversationId)
    }
  })
  console.log(`${pairStreams.length} streams open in ${Math.round(performance.now() - started)} ms`)
  await Bun.sleep(6000) // past a heartbeat: idle streams
  const rss1k = rssMb(server.pid)

  const interval = 1000 / RATE
  let sent = 0
  started = performance.now()
  const inflight: Promise<void>[] = []
  while (sent < MESSAGES) {
    const due = started + sent * interval
    const wait = due - performance.now()
    if (wait > 0) await Bun.sleep(wait)
    // A conversation with no message in flight; the sender alternates sides.
    let k = Math.floor(Math.random() * pairs.length)
    while (sentAt.has(pairs[k]!.conversationId)) k = (k + 1) % pairs.length
    const pair = pairs[k]!
    const fromReferrer = sent % 2 === 0
    recipientOf.set(pair.conversationId, 2 * k + (fromReferrer ? 1 : 0))
    sentAt.set(pair.conversationId, performance.now())
    inflight.push(post(fromReferrer ? pair.referrer.cookie : pair.operator.cookie, pair.conversationId, `bench message ${sent}`))
    sent++
  }
  await Promise.all(inflight)
  await Bun.sleep(500)
  for (const s of pairStreams) s.close()

  // 2. fan-out: one referrer with LISTENERS tabs, each message must reach all of them.
  const fanLatencies: number[] = []
  let fanSentAt = 0
  const fanStreams = await openMany(new Array(LISTENERS).fill(fan.referrer.cookie), (arrival) => {
    if (arrival.conversationId === fan.conversationId && fanSentAt) fanLatencies.push(arrival.at - fanSentAt)
  })
  await Bun.sleep(1000)
  for (let i = 0; i < FANOUT_MESSAGES; i++) {
    const expected = (i + 1) * LISTENERS
    fanSentAt = performance.now()
    await post(fan.operator.cookie, fan.conversationId, `fan-out ${i}`)
    const deadline = performance.now() + 2000
    while (fanLatencies.length < expected && performance.now() < deadline) await Bun.sleep(1)
    fanLatencies.length = Math.min(fanLatencies.length, expected)
    await Bun.sleep(150)
  }
  for (const s of fanStreams) s.close()
  await Bun.sleep(1000)

  // 3. idle streams: RSS with IDLE_STREAMS open (users × tabs), held past two heartbeats.
  const idleCookies = Array.from({ length: IDLE_STREAMS }, (_, i) => cookies[i % cookies.length]!)
  started = performance.now()
  const idleStreams = await openMany(idleCookies)
  const openMs = performance.now() - started
  // Past Bun's idleTimeout (30 s in server/main.ts): only the heartbeats keep them open.
  await Bun.sleep(35_000)
  const rssMany = rssMb(server.pid)
  const stillOpen = idleStreams.filter((s) => s.alive()).length
  for (const s of idleStreams) s.close()

  const load = os.loadavg().map((l) => l.toFixed(1)).join(' ')
  console.log(`\nDelivery latency (POST sent → message.created received), ${os.cpus().length} cores, load average ${load}`)
  console.table([
    { ...summary(`pairs: ${LISTENERS} listeners, ${RATE} msg/s`, pairLatencies, MESSAGES) },
    { ...summary(`fan-out: 1 user × ${LISTENERS} tabs`, fanLatencies, FANOUT_MESSAGES * LISTENERS) },
  ])
  console.log('Server memory (RSS)')
  console.table([
    { streams: 0, rss: `${rssIdle.toFixed(1)} MB` },
    { streams: LISTENERS, rss: `${rss1k.toFixed(1)} MB` },
    {
      streams: IDLE_STREAMS,
      rss: `${rssMany.toFixed(1)} MB`,
      // RSS moves with the garbage collector; the slope between the two steps is the steadier figure.
      per_stream: `${(((rssMany - rss1k) * 1024) / (IDLE_STREAMS - LISTENERS)).toFixed(1)} KB`,
      note: `${stillOpen}/${IDLE_STREAMS} still open after 35 s idle; opened in ${Math.round(openMs)} ms`,
    },
  ])
  const p99 = pct([...pairLatencies].sort((a, b) => a - b), 99)
  console.log(`Target p99 < 100 ms at ${LISTENERS} listeners: ${p99 < 100 ? 'met' : 'NOT met'} (${ms(p99)})`)
  console.log(floorLine(await healthFloor(base)))
} finally {
  stop()
}
