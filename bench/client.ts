/**
 * npm run bench:client — the first page as a phone on a weak network feels it.
 *
 * Builds the client from the current sources into a temporary folder, seeds a
 * temporary DATA_DIR (the demo data and BENCH_PROPERTIES bulk homes, so a
 * 25-mile search around 10001 has results), starts the real server in its own
 * process, and opens each page in Chromium (Debian's /usr/bin/chromium) the way
 * a mid-range phone on slow 4G would, through the DevTools protocol:
 *   - a new browser context per run: cold cache, new connections;
 *   - Network.emulateNetworkConditions: 400 ms round trip, 1.6 Mbit/s down, 750 kbit/s up;
 *   - Emulation.setCPUThrottlingRate: 4× slower CPU; a 412×823 mobile viewport.
 * For each page it prints the median of BENCH_RUNS runs of:
 *   - bytes transferred (as on the wire: compressed when the server compressed), by kind:
 *     HTML, JS, CSS, JSON (the /api answers), images, and the total;
 *   - LCP (largest contentful paint, the browser's own PerformanceObserver entry);
 *   - TBT (total blocking time: the part over 50 ms of every long task after the first contentful paint,
 *     until the page has settled: its content shown and no request for 500 ms);
 *   - "content": when the page's content is on screen (the first result card on /browse, the page's heading elsewhere).
 * Goal: LCP ≤ 2.5 s on every page.
 *
 * Options (environment): BENCH_RUNS=3 BENCH_PORT=3298 BENCH_PROPERTIES=2000
 * BENCH_RTT_MS=400 BENCH_DOWN_KBITS=1600 BENCH_CPU_SLOWDOWN=4 CHROMIUM_PATH=/usr/bin/chromium
 * CLIENT_DIST (the build folder; a temporary one by default). BENCH_VERBOSE=1 prints every run,
 * BENCH_WATERFALL=1 every request of every run; BENCH_PAGES=/browse,/property measures only those pages.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { floorLine } from './floor'
import { chromium, type Browser } from '@playwright/test'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const PORT = Number(process.env.BENCH_PORT ?? 3298)
const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 2000)
const RTT_MS = Number(process.env.BENCH_RTT_MS ?? 400)
const DOWN_KBITS = Number(process.env.BENCH_DOWN_KBITS ?? 1600)
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4)
const VERBOSE = process.env.BENCH_VERBOSE === '1'
/** BENCH_WATERFALL=1: every request of every run (start–end from the first request, bytes on the wire). */
const WATERFALL = process.env.BENCH_WATERFALL === '1'
/** BENCH_PAGES=/browse,/property: only the pages whose name starts with one of these. */
const ONLY = process.env.BENCH_PAGES?.split(',').filter(Boolean) ?? []
const LCP_GOAL_MS = 2500

const root = path.resolve(import.meta.dir, '..')
const bun = process.execPath
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-bench-client-'))
const dataDir = path.join(scratch, 'data')
// Before client/build.ts is imported: it reads CLIENT_DIST once.
process.env.CLIENT_DIST ??= path.join(scratch, 'client')
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  NODE_ENV: 'development',
  SEED_DEMO: 'false',
  SCHEDULER: 'false',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_SCALE: '100',
}
const base = `http://127.0.0.1:${PORT}`

let server: ReturnType<typeof Bun.spawn> | null = null
let browser: Browser | null = null
async function cleanUp() {
  await browser?.close().catch(() => {})
  server?.kill()
  await server?.exited
  fs.rmSync(scratch, { recursive: true, force: true })
}
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)))

const { buildClient } = await import('../client/build')
await buildClient()

console.log(`Seeding the demo data and ${PROPERTIES.toLocaleString('en-US')} properties into ${dataDir} ...`)
const seed = Bun.spawnSync([bun, 'bin/homeward.ts', 'seed', '--properties', String(PROPERTIES)], { cwd: root, env, stdout: 'ignore', stderr: 'inherit' })
if (seed.exitCode !== 0) {
  await cleanUp()
  throw new Error('seeding failed')
}
server = Bun.spawn([bun, 'bin/homeward.ts', 'serve', '--port', String(PORT)], { cwd: root, env, stdout: 'ignore', stderr: 'inherit' })

async function waitForServer() {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)
    if (ok) return
    await Bun.sleep(100)
  }
  throw new Error('server did not start')
}

/** A home in the 25-mile search, with photos when one has them: its page is the /property/:id measured. */
async function propertyId() {
  const answer = (await (await fetch(`${base}/api/properties?zip=10001&radius=25`)).json()) as { items?: { id: string; featured_thumb?: string | null }[] }
  const items = answer.items ?? []
  const home = items.find((p) => p.featured_thumb) ?? items[0]
  if (!home) throw new Error('no property within 25 miles of 10001: raise BENCH_PROPERTIES')
  return home.id
}

type Kind = 'html' | 'js' | 'css' | 'json' | 'img' | 'other'
type Run = { bytes: Record<Kind | 'total', number>; requests: Record<Kind, number>; lcp: number; tbt: number; content: number; lcpElement: string; encodings: string[] }
type PageSpec = { name: string; path: string; content: string }

/** Collects paint, LCP, long tasks and the moment the content selector appears, from the first byte of the document. */
const collector = (selector: string) => {
  const w = window as unknown as { __bench: { fcp: number; lcp: number; lcpElement: string; longTasks: [number, number][]; content: number } }
  const state = { fcp: 0, lcp: 0, lcpElement: '', longTasks: [] as [number, number][], content: 0 }
  w.__bench = state
  const label = (el: Element | null) => (el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}` : '')
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
      state.lcp = e.startTime
      state.lcpElement = label(e.element)
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') state.fcp = e.startTime
  }).observe({ type: 'paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push([e.startTime, e.duration])
  }).observe({ type: 'longtask', buffered: true })
  // The content counts as shown at the frame after it enters the DOM.
  const seen = () => {
    if (state.content || !document.querySelector(selector)) return
    observer.disconnect()
    requestAnimationFrame(() => {
      state.content = performance.now()
    })
  }
  const observer = new MutationObserver(seen)
  observer.observe(document, { childList: true, subtree: true })
}

function kindOf(type: string, url: string): Kind {
  if (type === 'Document') return 'html'
  if (type === 'Script') return 'js'
  if (type === 'Stylesheet') return 'css'
  if (type === 'Image') return 'img'
  // A fetch, or its preload from the page's HTML (type Other).
  if ((type === 'Fetch' || type === 'XHR' || type === 'Other') && new URL(url).pathname.startsWith('/api/')) return 'json'
  return 'other'
}

async function measure(spec: PageSpec): Promise<Run> {
  const context = await browser!.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: RTT_MS,
      downloadThroughput: (DOWN_KBITS * 1000) / 8,
      uploadThroughput: (750 * 1000) / 8,
      connectionType: 'cellular4g',
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    const requests = new Map<string, { kind: Kind; encoding: string }>()
    const bytes: Run['bytes'] = { html: 0, js: 0, css: 0, json: 0, img: 0, other: 0, total: 0 }
    const counts: Run['requests'] = { html: 0, js: 0, css: 0, json: 0, img: 0, other: 0 }
    const encodings = new Set<string>()
    const waterfall: { url: string; start: number; end: number; bytes: number }[] = []
    const started = new Map<string, { url: string; start: number }>()
    cdp.on('Network.requestWillBeSent', (e) => started.set(e.requestId, { url: e.request.url, start: e.timestamp }))
    cdp.on('Network.responseReceived', (e) => {
      const kind = kindOf(e.type, e.response.url)
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]))
      requests.set(e.requestId, { kind, encoding: headers['content-encoding'] ?? 'identity' })
    })
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId)
      if (!r) return
      bytes[r.kind] += e.encodedDataLength
      const s = started.get(e.requestId)
      if (s) waterfall.push({ url: s.url, start: s.start, end: e.timestamp, bytes: e.encodedDataLength })
      counts[r.kind]++
      bytes.total += e.encodedDataLength
      if (r.kind !== 'img') encodings.add(`${r.kind}:${r.encoding}`)
    })
    await page.addInitScript(collector, spec.content)
    await page.goto(base + spec.path, { waitUntil: 'load', timeout: 120_000 })
    await page.waitForSelector(spec.content, { state: 'visible', timeout: 120_000 })
    await page.waitForLoadState('networkidle', { timeout: 120_000 })
    // LCP entries stop at the first input; none comes, so a short pause lets a late paint land.
    await page.waitForTimeout(500)
    const state = await page.evaluate(() => (window as unknown as { __bench: { fcp: number; lcp: number; lcpElement: string; longTasks: [number, number][]; content: number } }).__bench)
    if (WATERFALL) {
      const t0 = Math.min(...waterfall.map((w) => w.start))
      for (const w of waterfall.sort((a, b) => a.start - b.start)) {
        console.log(`    ${String(Math.round((w.start - t0) * 1000)).padStart(5)}–${String(Math.round((w.end - t0) * 1000)).padStart(5)} ms ${kb(w.bytes).padStart(6)} KB ${new URL(w.url).pathname}${new URL(w.url).search}`)
      }
      console.log(`    FCP ${Math.round(state.fcp)} ms, LCP ${Math.round(state.lcp)} ms, content ${Math.round(state.content)} ms`)
    }
    const tbt = state.longTasks.filter(([start]) => start >= state.fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0)
    return { bytes, requests: counts, lcp: state.lcp, tbt, content: state.content, lcpElement: state.lcpElement, encodings: [...encodings].sort() }
  } finally {
    await context.close()
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}
const kb = (n: number) => `${(n / 1024).toFixed(1)}`
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

try {
  await waitForServer()
  const pages: PageSpec[] = [
    { name: '/', path: '/', content: 'main h1' },
    { name: '/browse?zip=10001&radius=25', path: '/browse?zip=10001&radius=25', content: '[data-testid="property-card"]' },
    { name: '/property/:id', path: `/property/${await propertyId()}`, content: 'main h1' },
    { name: '/submit-referral', path: '/submit-referral', content: 'main h1' },
  ]
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  console.log(
    `\nChromium ${browser.version()}, ${RUNS} cold runs per page: ${RTT_MS} ms RTT, ${DOWN_KBITS / 1000} Mbit/s down, ${CPU_SLOWDOWN}× CPU slowdown, 412×823 mobile viewport. Medians:\n`,
  )
  const header = ['page', 'HTML KB', 'JS KB', 'CSS KB', 'JSON KB', 'img KB', 'total KB', 'LCP', 'TBT', 'content', 'LCP ≤ 2.5 s']
  const rows: string[][] = []
  for (const spec of pages.filter((p) => ONLY.length === 0 || ONLY.some((o) => p.name.startsWith(o)))) {
    const runs: Run[] = []
    for (let i = 0; i < RUNS; i++) {
      const run = await measure(spec)
      runs.push(run)
      if (VERBOSE) console.log(`  ${spec.name} run ${i + 1}: LCP ${Math.round(run.lcp)} ms (${run.lcpElement}), TBT ${Math.round(run.tbt)} ms, content ${Math.round(run.content)} ms, ${kb(run.bytes.total)} KB; requests ${Object.entries(run.requests).filter(([, n]) => n).map(([k, n]) => `${k} ${n}`).join(', ')}; ${run.encodings.join(' ')}`)
    }
    const m = (pick: (r: Run) => number) => median(runs.map(pick))
    const lcp = m((r) => r.lcp)
    rows.push([
      spec.name,
      kb(m((r) => r.bytes.html)),
      kb(m((r) => r.bytes.js)),
      kb(m((r) => r.bytes.css)),
      kb(m((r) => r.bytes.json)),
      kb(m((r) => r.bytes.img)),
      kb(m((r) => r.bytes.total)),
      seconds(lcp),
      `${Math.round(m((r) => r.tbt))} ms`,
      seconds(m((r) => r.content)),
      lcp <= LCP_GOAL_MS ? 'yes' : 'NO',
    ])
    console.log(`  ${spec.name}: encodings ${runs[0]!.encodings.join(' ')}; LCP element ${runs[0]!.lcpElement}`)
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  console.log(`\n${line(header)}\n${rows.map(line).join('\n')}\n`)
  console.log(floorLine())
} finally {
  await cleanUp()
}
