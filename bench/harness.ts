/**
 * What the HTTP benches share: a real server in its own process on a seeded
 * scratch data folder (or a scratch PostgreSQL database, bench/database.ts),
 * the load (C keep-alive connections, each a loop of sequential requests),
 * the server's CPU per request, and one report line per run with its
 * distinct requests and the server's cache hit ratio (GET /metrics).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { benchDatabase } from './database'
import { cacheCounts, hitRatio } from './floor'

const root = path.resolve(import.meta.dir, '..')

export type BenchServer = Awaited<ReturnType<typeof startBenchServer>>

/** Seeds `properties` homes and starts `bin/homeward serve` on `port`; `stop()` removes everything it made. */
export async function startBenchServer(opts: { name: string; port: number; properties: number; env?: Record<string, string> }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `homeward-bench-${opts.name}-`))
  const database = await benchDatabase()
  const metricsToken = `bench-${crypto.randomUUID()}`
  const env = { ...process.env, ...database.env, DATA_DIR: dataDir, NODE_ENV: 'development', SEED_DEMO: 'false', SCHEDULER: 'false', LOG_LEVEL: 'warn', METRICS_TOKEN: metricsToken, ...opts.env }
  const base = `http://127.0.0.1:${opts.port}`
  let server: ReturnType<typeof Bun.spawn> | null = null
  const stop = async () => {
    server?.kill()
    await server?.exited
    fs.rmSync(dataDir, { recursive: true, force: true })
    await database.drop()
  }
  console.log(`Engine: ${database.engine}. Seeding ${opts.properties.toLocaleString('en-US')} properties into ${database.engine === 'sqlite' ? dataDir : 'a scratch database'} ...`)
  const seed = Bun.spawnSync([process.execPath, 'bin/homeward.ts', 'seed', '--no-demo', '--properties', String(opts.properties)], { cwd: root, env, stdout: 'inherit', stderr: 'inherit' })
  if (seed.exitCode !== 0) {
    await stop()
    throw new Error('seeding failed')
  }
  server = Bun.spawn([process.execPath, 'bin/homeward.ts', 'serve', '--port', String(opts.port)], { cwd: root, env, stdout: 'ignore', stderr: 'inherit' })
  process.on('SIGINT', () => void stop().then(() => process.exit(130)))
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) break
    if (i === 200) {
      await stop()
      throw new Error('server did not start')
    }
    await Bun.sleep(100)
  }
  return { base, engine: database.engine, pid: server.pid, metricsToken, stop }
}

/**
 * CPU time a process used (Linux /proc, clock ticks of 10 ms), so a report also
 * shows server CPU per request: a figure that holds up when other work shares
 * the machine, unlike requests/s.
 */
export function cpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

export type Result = { name: string; requests: number; errors: number; seconds: number; latencies: Float64Array; serverCpuMs: number | null; distinct: number; cache: string }

/**
 * Drives `url(i)` (request i of the run) from `concurrency` connections for `seconds`. `cache`: the server
 * cache this endpoint goes through (search, rendered_page), whose hit ratio during the run is reported, or
 * null. `onBody`: sees each answer (as bytes), for a bench that counts what came back.
 */
export async function drive(
  server: BenchServer,
  opts: { name: string; url: (i: number) => string; seconds: number; concurrency: number; cache?: string | null; onBody?: (body: ArrayBuffer, i: number) => void },
): Promise<Result> {
  const cache = opts.cache === undefined ? 'search' : opts.cache
  const latencies: number[] = []
  const sent = new Set<string>()
  let errors = 0
  let counter = 0
  const stopAt = performance.now() + opts.seconds * 1000
  const cacheBefore = cache ? await cacheCounts(server.base, server.metricsToken, cache) : null
  const started = performance.now()
  const cpuBefore = cpuMs(server.pid)
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < stopAt) {
        const i = counter++
        const target = opts.url(i)
        sent.add(target)
        const t0 = performance.now()
        try {
          const res = await fetch(target)
          const body = await res.arrayBuffer()
          if (!res.ok) errors++
          latencies.push(performance.now() - t0)
          opts.onBody?.(body, i)
        } catch {
          errors++
        }
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const cpuAfter = cpuMs(server.pid)
  const serverCpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore
  const cacheLine = cache && cacheBefore ? `${cache}: ${hitRatio(cacheBefore, await cacheCounts(server.base, server.metricsToken, cache))}` : 'no server cache on this path'
  return { name: opts.name, requests: latencies.length, errors, seconds, latencies: Float64Array.from(latencies).sort(), serverCpuMs, distinct: sent.size, cache: cacheLine }
}

export const pct = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
export const reqPerSecond = (r: Result) => r.requests / r.seconds

/** Three lines: req/s and latencies with the distinct requests; the cache hit ratio; the server's CPU per request. */
export function report(r: Result, width = 44, extra = '') {
  const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(10)
  console.log(
    `${r.name.padEnd(width)} ${Math.round(reqPerSecond(r)).toLocaleString('en-US').padStart(8)} req/s` +
      `  p50 ${ms(pct(r.latencies, 50))}  p90 ${ms(pct(r.latencies, 90))}  p99 ${ms(pct(r.latencies, 99))}  max ${ms(r.latencies.at(-1) ?? Number.NaN)}` +
      `  (${r.requests.toLocaleString('en-US')} requests, ${r.distinct.toLocaleString('en-US')} distinct, ${r.errors} errors${extra})`,
  )
  console.log(`${''.padEnd(width)} ${r.cache}`)
  if (r.serverCpuMs !== null && r.requests > 0) {
    const perRequest = (r.serverCpuMs * 1000) / r.requests
    console.log(`${''.padEnd(width)} server CPU ${perRequest.toFixed(0)} µs/request → ~${Math.round(1e6 / perRequest).toLocaleString('en-US')} req/s per fully available core`)
  }
}
