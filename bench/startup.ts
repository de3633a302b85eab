/**
 * npm run bench:startup — how fast Homeward starts and how little it holds idle.
 *
 * In one run, on a migrated and demo-seeded temporary DATA_DIR:
 *   - `bun -e 1`: the floor (Bun itself starting);
 *   - `bin/homeward serve` and the compiled binary (`dist/homeward`, built by
 *     `npm run build:binary` when missing): spawn → first 200 on /api/health,
 *     and RSS after 2 s idle;
 *   - wall time of `bin/homeward --help` and `bin/homeward premium list`.
 * Each over RUNS runs (min / median / max). Goals (2 cores, quiet
 * machine): serve ≤ 150 ms, --help ≤ 100 ms, premium list ≤ 250 ms, idle RSS ≤ 80 MB.
 *
 * Options (environment): BENCH_RUNS=5 BENCH_PORT=3298 BENCH_SKIP_BINARY=1
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { floorLine } from './floor'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const PORT = Number(process.env.BENCH_PORT ?? 3298)
const root = path.resolve(import.meta.dir, '..')
const bun = process.execPath
const binary = path.join(root, 'dist', 'homeward')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-startup-'))
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', SEED_DEMO: 'true', LOG_LEVEL: 'warn' }

type Row = { name: string; unit: string; values: number[] }
const rows: Row[] = []

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! }
}

function timeCommand(cmd: string[]): number {
  const started = performance.now()
  const result = Bun.spawnSync(cmd, { cwd: root, env, stdout: 'ignore', stderr: 'pipe' })
  const elapsed = performance.now() - started
  if (result.exitCode !== 0) throw new Error(`${cmd.join(' ')} failed: ${result.stderr.toString()}`)
  return elapsed
}

const rssMb = (pid: number) => {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024
}

/** Spawn → first 200 on /api/health (polled every 2 ms), then RSS after 2 s idle. */
async function timeServer(cmd: string[]): Promise<{ ms: number; rss: number }> {
  const started = performance.now()
  const server = Bun.spawn(cmd, { cwd: root, env, stdout: 'ignore', stderr: 'inherit' })
  try {
    for (;;) {
      if (performance.now() - started > 30_000) throw new Error(`${cmd.join(' ')}: no answer in 30 s`)
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).status === 200) break
      } catch {
        // not listening yet
      }
      await Bun.sleep(2)
    }
    const ms = performance.now() - started
    await Bun.sleep(2000)
    return { ms, rss: rssMb(server.pid) }
  } finally {
    server.kill()
    await server.exited
  }
}

async function measureServer(label: string, cmd: string[]) {
  const start: number[] = []
  const rss: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const r = await timeServer(cmd)
    start.push(r.ms)
    rss.push(r.rss)
  }
  rows.push({ name: `${label}: spawn → first 200 on /api/health`, unit: 'ms', values: start })
  rows.push({ name: `${label}: RSS after 2 s idle`, unit: 'MB', values: rss })
}

const repeat = (cmd: string[]) => Array.from({ length: RUNS }, () => timeCommand(cmd))

try {
  console.log(`Preparing a migrated, demo-seeded data folder in ${dataDir} ...`)
  timeCommand([bun, 'bin/homeward.ts', 'seed'])
  // What `npm start` leaves behind: the client and the prebuilt server (dist/server), built when their sources changed.
  timeCommand([bun, 'run', 'scripts/build.ts'])
  if (!process.env.BENCH_SKIP_BINARY && !fs.existsSync(binary)) {
    console.log('Building the single binary (npm run build:binary) ...')
    timeCommand([bun, 'run', 'scripts/build-binary.ts'])
  }

  rows.push({ name: 'bun -e 1 (floor)', unit: 'ms', values: repeat([bun, '-e', '1']) })
  await measureServer('bin/homeward serve', [bun, 'bin/homeward.ts', 'serve', '--port', String(PORT)])
  if (!process.env.BENCH_SKIP_BINARY) await measureServer('dist/homeward serve', [binary, 'serve', '--port', String(PORT)])
  rows.push({ name: 'bin/homeward --help', unit: 'ms', values: repeat([path.join(root, 'bin/homeward'), '--help']) })
  rows.push({ name: 'bin/homeward premium list', unit: 'ms', values: repeat([path.join(root, 'bin/homeward'), 'premium', 'list']) })

  console.log(`\n${RUNS} runs each, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}\n`)
  console.log(`${'measure'.padEnd(48)} ${'min'.padStart(8)} ${'median'.padStart(8)} ${'max'.padStart(8)}`)
  for (const row of rows) {
    const s = stats(row.values)
    const f = (v: number) => `${v.toFixed(row.unit === 'MB' ? 1 : 0)} ${row.unit}`.padStart(8)
    console.log(`${row.name.padEnd(48)} ${f(s.min)} ${f(s.median)} ${f(s.max)}`)
  }
  console.log(floorLine())
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true })
}
