/**
 * npm run bench:browse — throughput and latency of the public property search.
 *
 * Seeds 10,000 properties (`bin/homeward seed --properties N`) into a temporary
 * DATA_DIR, starts the real server in its own process, then drives
 *   GET /api/properties?zip=<ZIP>&radius=50   (ZIPs rotate over 20 metro areas)
 *   the same with &care_level=…&funding=…     (filters, rotating over 4 pairs)
 *   GET /api/properties/:id and GET /property/:id (a home's JSON, then its page rendered
 *                                              on the server, over the same 20 homes: goal ≥ 0.5× the JSON's req/s)
 *   GET /api/health                            (the floor: same stack, no work)
 * with C concurrent keep-alive connections for D seconds each, after a warm-up,
 * and prints requests/s, p50, p90, p99 and max, and the server's CPU time per
 * request (Linux). Target: ≥ 5,000 req/s and p99 < 20 ms for the search on 2 cores.
 *
 * Options (environment): BENCH_PROPERTIES=10000 BENCH_CONCURRENCY=50
 * BENCH_SECONDS=10 BENCH_WARMUP_SECONDS=3 BENCH_PORT=3299 BENCH_PER_PAGE (server default);
 * BENCH_POSTGRES_URL=postgres://… runs it on PostgreSQL (a scratch database, bench/database.ts).
 * BENCH_UNCACHED=1 adds a search the search cache has not seen: each request drawn
 * independently and uniformly (xorshift, bench/floor.ts) from every ZIP of the fifty states
 * × radius 10/25/50/100 × page 1–3, the warm-up from another seed than the measured run
 * (the same sequences on both engines).
 *
 * Every line says how many distinct requests it sent and the server's own cache hit ratio
 * during it (GET /metrics: the server runs with METRICS_TOKEN), and the run starts and ends
 * with the host's floor (bun -e 1, GET /api/health, the load average).
 */
import os from 'node:os'
import { floorLine, xorshift } from './floor'
import { drive as driveOn, report, reqPerSecond, startBenchServer } from './harness'
import { FIFTY_STATES } from '../server/features/geo/states'
import { zipsOfState } from '../server/features/geo/zip'

const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 10_000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3)
const PORT = Number(process.env.BENCH_PORT ?? 3299)
const PER_PAGE = process.env.BENCH_PER_PAGE
const ZIPS = ['10001', '90012', '60601', '77002', '85004', '19103', '78205', '92101', '75201', '95113',
  '78701', '32202', '43215', '28202', '46204', '98101', '80202', '20001', '37203', '02108']

const server = await startBenchServer({ name: 'browse', port: PORT, properties: PROPERTIES })
const { base } = server
const drive = (name: string, url: (i: number) => string, seconds: number, cache: string | null = 'search') => driveOn(server, { name, url, seconds, concurrency: CONCURRENCY, cache })

try {
  const search = (i: number) => `${base}/api/properties?zip=${ZIPS[i % ZIPS.length]}&radius=50${PER_PAGE ? `&per_page=${PER_PAGE}` : ''}`
  const sample = (await (await fetch(search(0))).json()) as { items: unknown[]; has_more: boolean }
  console.log(`Sample: ${sample.items.length} items on the first page of ZIP ${ZIPS[0]} (has_more: ${sample.has_more}).`)
  console.log(`Concurrency ${CONCURRENCY}, ${SECONDS} s per endpoint after ${WARMUP} s of warm-up, ${os.cpus().length} CPUs.`)
  const health = (_: number) => `${base}/api/health`
  await drive('warm-up', health, Math.min(WARMUP, 1))
  const floorAtStart = await drive('GET /api/health', health, Math.min(SECONDS, 5), null)
  console.log(`${floorLine({ reqPerSecond: reqPerSecond(floorAtStart) })}\n`)
  await drive('warm-up', search, WARMUP)
  report(await drive('GET /api/properties?zip=…&radius=50', search, SECONDS))
  // Care filters inside the radius search: bit masks in the covering geo index.
  const FILTERS = ['care_level=assisted&funding=medicaid_waiver', 'care_level=skilled', 'funding=private_pay', 'care_level=supervised&funding=va']
  const filtered = (i: number) => `${search(i)}&${FILTERS[Math.floor(i / ZIPS.length) % FILTERS.length]}`
  await drive('warm-up', filtered, WARMUP)
  report(await drive('GET /api/properties?zip=…&radius=50&care_level&funding', filtered, SECONDS))
  if (process.env.BENCH_UNCACHED) {
    // Every ZIP of the fifty states × 4 radii × 3 pages, each request drawn on its own: the warm-up's seed differs
    // from the run's, so the run starts with nothing of its own in the cache.
    const everyZip = FIFTY_STATES.flatMap((state) => zipsOfState(state).map((z) => z.zip))
    const drawing = (seed: number) => {
      const draw = xorshift(seed)
      return () => `${base}/api/properties?zip=${everyZip[draw(everyZip.length)]}&radius=${[10, 25, 50, 100][draw(4)]}&page=${1 + draw(3)}`
    }
    await drive('warm-up', drawing(7), WARMUP)
    const space = everyZip.length * 12
    report(await drive(`GET /api/properties uncached (${space.toLocaleString('en-US')} searches)`, drawing(42), SECONDS))
  }
  // A home's page rendered on the server (server/ssr, ADR 027) against its JSON, the same homes in the same run.
  const ids = ((await (await fetch(`${base}/api/properties?per_page=20`)).json()) as { items: { id: string }[] }).items.map((p) => p.id)
  const json = (i: number) => `${base}/api/properties/${ids[i % ids.length]}`
  const page = (i: number) => `${base}/property/${ids[i % ids.length]}`
  const pageHtml = await (await fetch(page(0))).text()
  if (!pageHtml.includes('id="server-state"')) throw new Error('GET /property/:id was not rendered on the server (is dist/client built? npm run build)')
  await drive('warm-up', json, WARMUP)
  const jsonResult = await drive('GET /api/properties/:id', json, SECONDS, null)
  report(jsonResult)
  await drive('warm-up', page, WARMUP)
  const pageResult = await drive('GET /property/:id (rendered on the server)', page, SECONDS, 'rendered_page')
  report(pageResult)
  const ratio = reqPerSecond(pageResult) / reqPerSecond(jsonResult)
  console.log(`${''.padEnd(44)} rendered page / JSON: ${ratio.toFixed(2)}× (goal ≥ 0.5×) ${ratio >= 0.5 ? 'ok' : 'BELOW GOAL'}`)
  const floorAtEnd = await drive('GET /api/health', health, SECONDS, null)
  report(floorAtEnd)
  console.log(floorLine({ reqPerSecond: reqPerSecond(floorAtEnd) }))
} finally {
  await server.stop()
}
