/**
 * npm run bench:directory — throughput and latency of the public directory's radius searches (ADR 032)
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
import os from 'node:os'
import { bunStartMs, floorLine, xorshift } from './floor'
import { drive as driveOn, report, reqPerSecond, startBenchServer, type Result } from './harness'
import { FIFTY_STATES } from '../server/features/geo/states'
import { zipsOfState } from '../server/features/geo/zip'

const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 10_000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3)
const PORT = Number(process.env.BENCH_PORT ?? 3298)
const PER_PAGE = 20
const METRES_PER_MILE = 1609.344

const server = await startBenchServer({ name: 'directory', port: PORT, properties: PROPERTIES, env: { RATE_LIMIT_SCALE: '1000000' } })
const { base } = server
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ')

type Point = { zip: string; latitude: number; longitude: number; radius: number }
const EVERY_ZIP = FIFTY_STATES.flatMap((state) => zipsOfState(state))
const RADII = [10, 25, 50, 100]
function points(seed: number, n: number): Point[] {
  const draw = xorshift(seed)
  return Array.from({ length: n }, () => {
    const z = EVERY_ZIP[draw(EVERY_ZIP.length)]!
    return { zip: z.zip, latitude: z.latitude, longitude: z.longitude, radius: RADII[draw(RADII.length)]! }
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

/**
 * A run over `sequence` (request i asks for point i). One answer in 16 is parsed, to count its homes (the
 * load generator shares the machine's cores with the server); the others' sizes are summed.
 */
async function drive(name: string, url: (p: Point) => string, sequence: readonly Point[], seconds: number, cache: string) {
  let homes = 0
  let counted = 0
  let bytes = 0
  const result = await driveOn(server, {
    name,
    url: (i) => url(sequence[i % sequence.length]!),
    seconds,
    concurrency: CONCURRENCY,
    cache,
    onBody: (body, i) => {
      if (i % 16 === 0) {
        homes += countOf(JSON.parse(new TextDecoder().decode(body)))
        counted++
      } else bytes += body.byteLength
    },
  })
  return { ...result, homes: homes / Math.max(1, counted), bytes: bytes / Math.max(1, result.requests - counted) }
}

const rps = reqPerSecond
const show = (r: Result & { homes: number; bytes: number }) => report(r, 40, `, ${r.homes.toFixed(1)} homes and ${(r.bytes / 1024).toFixed(1)} KB/answer; load average ${load()}`)

try {
  console.log(`Concurrency ${CONCURRENCY}, ${SECONDS} s per run after ${WARMUP} s of warm-up on other points, ${os.cpus().length} CPUs; ${EVERY_ZIP.length.toLocaleString('en-US')} ZIPs × radii ${RADII.join('/')} mi, page size ${PER_PAGE}.`)
  console.log(`bun -e 1: ${bunStartMs().toFixed(1)} ms. Load average ${load()}.\n`)
  // The directory's answers are kept with the other public reads' (their keys start with a space: search-cache.ts).
  const run = async (name: string, url: (p: Point) => string, cache = 'public_read') => {
    await drive('warm-up', url, WARMING, WARMUP, cache)
    const result = await drive(name, url, MEASURED, SECONDS, cache)
    show(result)
    return result
  }
  const before = await run('GET /api/properties (uncached)', ENDPOINTS.properties, 'search')
  const fhir = await run('GET /fhir/r4/Location?near (uncached)', ENDPOINTS.fhir)
  const hsds = await run('GET /hsds/service_at_locations?proximity', ENDPOINTS.hsds)
  const after = await run('GET /api/properties again', ENDPOINTS.properties, 'search')
  const reference = (rps(before) + rps(after)) / 2
  for (const r of [fhir, hsds]) {
    const ratio = rps(r) / reference
    console.log(`${r.name.padEnd(40)} ${ratio.toFixed(2)}× /api/properties' mean req/s (${Math.round(reference).toLocaleString('en-US')}; goal ≥ 0.8×) ${ratio >= 0.8 ? 'ok' : 'BELOW GOAL'}`)
  }
  const health = await driveOn(server, { name: 'GET /api/health (the floor)', url: () => `${base}/api/health`, seconds: SECONDS, concurrency: CONCURRENCY, cache: null })
  report(health, 40)
  console.log(floorLine({ reqPerSecond: reqPerSecond(health) }))
} finally {
  await server.stop()
}
