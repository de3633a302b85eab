/**
 * npm run bench:directory — throughput and latency of the public directory's radius searches (ADR 033)
 * beside the public search's, for the same points in the same run.
 *
 * Seeds 10,000 homes (`bin/homeward seed --properties N`, as bench/browse.ts) into a temporary DATA_DIR,
 * starts the real server in its own process, then drives, with C concurrent keep-alive connections for D
 * seconds each after a warm-up:
 *   GET /api/properties?zip=<ZIP>&radius=<R>&per_page=20                         (the public search: the reference)
 *   GET /fhir/r4/Location?near=<lat>|<lng>|<R>|mi&_count=20                      (the ZIP's centroid: /browse's point)
 *   GET /hsds/service_at_locations?postcode=<ZIP>&proximity=<R × 1609.344>&per_page=20
 *   GET /api/properties again (the machine is shared: the ratio is against the mean of the two runs)
 *   GET /api/health                                                              (the floor: same stack, no work)
 * Uncached points: request i of a run is point i of a sequence drawn with xorshift32 from a fixed seed,
 * each point independently and uniformly: a ZIP of the fifty states × a radius of 10, 25, 50 or 100
 * miles. Every measured run sends the same sequence (so the same points, in the same order); the
 * warm-ups draw theirs from another seed. It prints the distinct points each run sent, the mean
 * number of homes per answer, req/s, p50/p90/p99/max, the server's CPU per request, `bun -e 1`'s time
 * and the load average. Goal: each feed ≥ 0.8× /api/properties' req/s.
 *
 * Options (environment): BENCH_PROPERTIES=10000 BENCH_CONCURRENCY=50 BENCH_SECONDS=10
 * BENCH_WARMUP_SECONDS=3 BENCH_PORT=3298; BENCH_POSTGRES_URL=postgres://… runs it on PostgreSQL
 * (a scratch database, bench/database.ts). The directory's per-address limit is scaled out of the
 * way (RATE_LIMIT_SCALE): it still counts every request.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { benchDatabase } from './database'
import { FIFTY_STATES } from '../server/features/geo/states'
import { zipsOfState } from '../server/features/geo/zip'

const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 10_000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3)
const PORT = Number(process.env.BENCH_PORT ?? 3298)
const PER_PAGE = 20
const METRES_PER_MILE = 1609.344

const root = path.resolve(import.meta.dir, '..')
const bun = process.execPath
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-bench-directory-'))
const database = await benchDatabase()
const env = { ...process.env, ...database.env, DATA_DIR: dataDir, NODE_ENV: 'development', SEED_DEMO: 'false', SCHEDULER: 'false', LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000000' }
const base = `http://127.0.0.1:${PORT}`

function cleanUp(server?: { kill: () => void; exited?: Promise<unknown> }) {
  server?.kill()
  fs.rmSync(dataDir, { recursive: true, force: true })
  return (server?.exited ?? Promise.resolve()).then(() => database.drop())
}

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ')
console.log(`Engine: ${database.engine}. Load average ${load()}. Seeding ${PROPERTIES.toLocaleString('en-US')} properties ...`)
const seed = Bun.spawnSync([bun, 'bin/homeward.ts', 'seed', '--no-demo', '--properties', String(PROPERTIES)], { cwd: root, env, stdout: 'inherit', stderr: 'inherit' })
if (seed.exitCode !== 0) {
  await cleanUp()
  throw new Error('seeding failed')
}

const server = Bun.spawn([bun, 'bin/homeward.ts', 'serve', '--port', String(PORT)], { cwd: root, env, stdout: 'ignore', stderr: 'inherit' })
process.on('SIGINT', () => {
  void cleanUp(server)
  process.exit(130)
})

async function waitForServer() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await Bun.sleep(100)
  }
  throw new Error('server did not start')
}

/** xorshift32 (Marsaglia): a small, proper PRNG; `below(n)` draws uniformly in [0, n) (rejection, no modulo bias). */
function xorshift32(seed: number) {
  let x = seed >>> 0 || 1
  const next = () => {
    x ^= x << 13
    x >>>= 0
    x ^= x >>> 17
    x ^= x << 5
    x >>>= 0
    return x
  }
  return {
    below(n: number) {
      const limit = 2 ** 32 - (2 ** 32 % n)
      for (;;) {
        const v = next()
        if (v < limit) return v % n
      }
    },
  }
}

type Point = { zip: string; latitude: number; longitude: number; radius: number }
const EVERY_ZIP = FIFTY_STATES.flatMap((state) => zipsOfState(state))
const RADII = [10, 25, 50, 100]
function points(seed: number, n: number): Point[] {
  const rand = xorshift32(seed)
  return Array.from({ length: n }, () => {
    const z = EVERY_ZIP[rand.below(EVERY_ZIP.length)]!
    return { zip: z.zip, latitude: z.latitude, longitude: z.longitude, radius: RADII[rand.below(RADII.length)]! }
  })
}
const MEASURED = points(0x5eed_2026, 400_000)
const WARMING = points(0x0bad_cafe, 400_000)

const ENDPOINTS = {
  properties: (p: Point) => `${base}/api/properties?zip=${p.zip}&radius=${p.radius}&per_page=${PER_PAGE}`,
  fhir: (p: Point) => `${base}/fhir/r4/Location?near=${p.latitude}|${p.longitude}|${p.radius}|mi&_count=${PER_PAGE}`,
  hsds: (p: Point) => `${base}/hsds/service_at_locations?postcode=${p.zip}&proximity=${(p.radius * METRES_PER_MILE).toFixed(3)}&per_page=${PER_PAGE}`,
} as const
/** How many homes an answer lists, whatever its format. */
const countOf = (body: { items?: unknown[]; entry?: unknown[]; contents?: unknown[] }) => (body.items ?? body.entry ?? body.contents ?? []).length

type Result = { name: string; requests: number; errors: number; seconds: number; latencies: Float64Array; serverCpuMs: number | null; distinct: number; homes: number; bytes: number }

function serverCpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

/** C workers, each a loop of sequential requests on its own keep-alive connection; request i asks for point i. */
async function drive(name: string, url: (p: Point) => string, sequence: readonly Point[], seconds: number): Promise<Result> {
  const latencies: number[] = []
  const sent = new Set<string>()
  let errors = 0
  let counter = 0
  let homes = 0
  let counted = 0
  let bytes = 0
  const stopAt = performance.now() + seconds * 1000
  const started = performance.now()
  const cpuBefore = serverCpuMs(server.pid)
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < stopAt) {
        const point = sequence[counter++ % sequence.length]!
        const target = url(point)
        sent.add(target)
        const t0 = performance.now()
        try {
          const res = await fetch(target)
          // Parsed one time in 16 only (to count the homes): the client shares the machine's cores with the server.
          const sampled = counter % 16 === 0
          const body = sampled ? await res.json() : await res.arrayBuffer()
          if (!res.ok) errors++
          else if (sampled) {
            homes += countOf(body as object)
            counted++
          }
          bytes += sampled ? 0 : (body as ArrayBuffer).byteLength
          latencies.push(performance.now() - t0)
        } catch {
          errors++
        }
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  const cpuAfter = serverCpuMs(server.pid)
  const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore
  return { name, requests: latencies.length, errors, seconds: elapsed, latencies: Float64Array.from(latencies).sort(), serverCpuMs: cpu, distinct: sent.size, homes: homes / Math.max(1, counted), bytes: bytes / Math.max(1, latencies.length - counted) }
}

const pct = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
const rps = (r: Result) => r.requests / r.seconds

function report(r: Result) {
  const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(10)
  console.log(
    `${r.name.padEnd(40)} ${Math.round(rps(r)).toLocaleString('en-US').padStart(7)} req/s` +
      `  p50 ${ms(pct(r.latencies, 50))}  p90 ${ms(pct(r.latencies, 90))}  p99 ${ms(pct(r.latencies, 99))}  max ${ms(r.latencies.at(-1) ?? NaN)}` +
      `  (${r.requests.toLocaleString('en-US')} requests, ${r.distinct.toLocaleString('en-US')} distinct, ${r.homes.toFixed(1)} homes and ${(r.bytes / 1024).toFixed(1)} KB/answer, ${r.errors} errors)`,
  )
  if (r.serverCpuMs !== null && r.requests > 0) console.log(`${''.padEnd(40)} server CPU ${((r.serverCpuMs * 1000) / r.requests).toFixed(0)} µs/request; load average ${load()}`)
}

/** `bun -e 1`: the machine's speed at starting a process, beside the figures (median of 5). */
function bunStartMs() {
  const times: number[] = []
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now()
    Bun.spawnSync([bun, '-e', '1'])
    times.push(performance.now() - t0)
  }
  return times.sort((a, b) => a - b)[2]!
}

try {
  await waitForServer()
  console.log(`Concurrency ${CONCURRENCY}, ${SECONDS} s per run after ${WARMUP} s of warm-up on other points, ${os.cpus().length} CPUs; ${EVERY_ZIP.length.toLocaleString('en-US')} ZIPs × radii ${RADII.join('/')} mi, page size ${PER_PAGE}.`)
  console.log(`bun -e 1: ${bunStartMs().toFixed(1)} ms. Load average ${load()}.\n`)
  const run = async (name: string, url: (p: Point) => string) => {
    await drive('warm-up', url, WARMING, WARMUP)
    const result = await drive(name, url, MEASURED, SECONDS)
    report(result)
    return result
  }
  const before = await run('GET /api/properties (uncached)', ENDPOINTS.properties)
  const fhir = await run('GET /fhir/r4/Location?near (uncached)', ENDPOINTS.fhir)
  const hsds = await run('GET /hsds/service_at_locations?proximity', ENDPOINTS.hsds)
  const after = await run('GET /api/properties again', ENDPOINTS.properties)
  const reference = (rps(before) + rps(after)) / 2
  for (const r of [fhir, hsds]) {
    const ratio = rps(r) / reference
    console.log(`${r.name.padEnd(40)} ${ratio.toFixed(2)}× /api/properties' mean req/s (${Math.round(reference).toLocaleString('en-US')}; goal ≥ 0.8×) ${ratio >= 0.8 ? 'ok' : 'BELOW GOAL'}`)
  }
  await drive('warm-up', () => `${base}/api/health`, MEASURED, 1)
  report(await drive('GET /api/health (the floor)', () => `${base}/api/health`, MEASURED, SECONDS))
  console.log(`bun -e 1: ${bunStartMs().toFixed(1)} ms. Load average ${load()}.`)
} finally {
  await cleanUp(server)
}
