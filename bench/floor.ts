/**
 * The host's floor, printed beside every benchmark's figures (README, "Tests"):
 * how fast this machine is right now, so a figure from a slower or busier host
 * is read as such. Two measures: `bun -e 1` (a process start: CPU speed and
 * load, no Homeward code) and, with a server, GET /api/health (the same stack
 * with no work: the most requests/s any endpoint can reach in this run).
 */
import os from 'node:os'

/** Median wall time of `bun -e 1` over `runs` spawns, in ms. */
export function bunStartMs(runs = 11): number {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    Bun.spawnSync([process.execPath, '-e', '1'], { stdout: 'ignore', stderr: 'ignore' })
    times.push(performance.now() - t0)
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!
}

/** GET /api/health req/s at `base` with 20 keep-alive connections for `seconds`: the same stack doing no work. */
export async function healthFloor(base: string, seconds = 3) {
  let requests = 0
  const stopAt = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (performance.now() < stopAt) {
        await (await fetch(`${base}/api/health`)).arrayBuffer()
        requests++
      }
    }),
  )
  return { reqPerSecond: requests / ((performance.now() - started) / 1000) }
}

/** One line: cores, load average and `bun -e 1`; the health figure when the bench measured one. */
export function floorLine(health?: { reqPerSecond: number }) {
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' ')
  const healthPart = health ? `, GET /api/health ${Math.round(health.reqPerSecond).toLocaleString('en-US')} req/s` : ''
  return `Host floor: ${os.cpus().length} CPUs, load average ${load}, bun -e 1 ${bunStartMs().toFixed(1)} ms${healthPart}`
}

/**
 * A seeded xorshift32 (Marsaglia): every draw independent and uniform, the same
 * sequence for the same seed on either engine. `draw(n)` is an integer in
 * [0, n), by rejection (no modulo bias). An LCG's low bits cycle (x mod 4
 * repeats every 4 draws), which made an earlier sequence hold far fewer
 * distinct requests than it sent.
 */
export function xorshift(seed: number) {
  let x = seed >>> 0 || 1
  const next = () => {
    x ^= x << 13
    x >>>= 0
    x ^= x >>> 17
    x ^= x << 5
    x >>>= 0
    return x
  }
  return (n: number) => {
    const limit = 2 ** 32 - (2 ** 32 % n)
    for (;;) {
      const v = next()
      if (v < limit) return v % n
    }
  }
}

/** The server's cache counters from GET /metrics (the server runs with METRICS_TOKEN). */
export async function cacheCounts(base: string, token: string, cache = 'search') {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text()
  const value = (result: string) => Number(text.match(new RegExp(`^homeward_cache_requests_total\\{cache="${cache}",result="${result}"\\} (\\S+)$`, 'm'))?.[1] ?? 0)
  return { hits: value('hit'), misses: value('miss') }
}

/** "hit ratio 0.3% (12 hits, 3,988 misses)" between two readings of cacheCounts. */
export function hitRatio(before: { hits: number; misses: number }, after: { hits: number; misses: number }) {
  const hits = after.hits - before.hits
  const misses = after.misses - before.misses
  const total = hits + misses
  return `server cache hit ratio ${total ? ((100 * hits) / total).toFixed(1) : '–'}% (${hits.toLocaleString('en-US')} hits, ${misses.toLocaleString('en-US')} misses)`
}
