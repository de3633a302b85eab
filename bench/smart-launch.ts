/**
 * A SMART launch from the test EHR to the filled form (ADR 033), against a real server process on a
 * temporary data folder (SQLite): for each of 20 launches (a new launch context each, as an EHR makes
 * one per click), the time from GET /smart/launch to the draft's answer at POST /api/smart/draft:
 * Homeward's redirect, the EHR's authorization, the callback (discovery, token, the record read with
 * its paged searches, the file import's mapping, the sealed draft stored) and the pick-up. The planner
 * is signed in already (a session exists: it is used). The browser's rendering is not in it.
 * Beside it, the host's floors: `bun -e 1` and /api/health requests per second (one connection).
 *
 *   bun run bench:smart-launch
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { startTestEhr } from '../server/features/smart/test-ehr'

const RUNS = 20
const root = join(import.meta.dir, '..')
const bun = process.execPath
const port = 3900 + Math.floor(Math.random() * 90)
const base = `http://localhost:${port}`
const dataDir = mkdtempSync(join(tmpdir(), 'homeward-bench-smart-'))
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: base, SEED_DEMO: 'false', LOG_LEVEL: 'error', SCHEDULER: 'false', RATE_LIMIT_SCALE: '1000', DATABASE_URL: '' }

const ehr = await startTestEhr({ redirectUri: `${base}/smart/callback` })
const run = (args: string[]) => {
  const r = Bun.spawnSync([bun, 'bin/homeward.ts', ...args], { cwd: root, env, stdout: 'pipe', stderr: 'pipe' })
  if (r.exitCode !== 0) throw new Error(`${args.join(' ')}: ${r.stderr.toString()}`)
}
run(['smart-ehrs', 'add', '--iss', ehr.iss, '--client-id', ehr.clientId])
const server = Bun.spawn([bun, 'bin/homeward.ts', 'serve', '--port', String(port)], { cwd: root, env, stdout: 'ignore', stderr: 'inherit' })

try {
  for (let i = 0; i < 600; i++) {
    if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break
    await Bun.sleep(100)
  }
  // One planner, signed in once: the launches use the session (as a planner already signed in).
  const email = `bench-${Date.now()}@bench.test`
  const signUp = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: 'bench-password-1', first_name: 'Bench', last_name: 'Planner', phone: '(555) 222-3333', plan: 'free' }),
  })
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`)
  const session = signUp.headers.getSetCookie().find((c) => c.startsWith('hw_session='))!.split(';')[0]!

  const times: number[] = []
  const launches = new Set<string>()
  const fields: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const launch = ehr.newLaunch()
    launches.add(launch)
    const started = performance.now()
    const start = await fetch(`${base}/smart/launch?iss=${encodeURIComponent(ehr.iss)}&launch=${launch}`, { redirect: 'manual', headers: { cookie: session } })
    const browser = start.headers.getSetCookie().find((c) => c.startsWith('hw_smart='))!.split(';')[0]!
    const authorized = await fetch(start.headers.get('location')!, { redirect: 'manual' })
    const callback = await fetch(authorized.headers.get('location')!, { redirect: 'manual', headers: { cookie: `${session}; ${browser}` } })
    if (callback.headers.get('location') !== '/submit-referral?from=ehr') throw new Error(`callback answered ${callback.status}: ${await callback.text()}`)
    const draft = await fetch(`${base}/api/smart/draft`, { method: 'POST', headers: { cookie: `${session}; ${browser}`, origin: base } })
    const body = (await draft.json()) as { imported: string[] }
    times.push(performance.now() - started)
    if (draft.status !== 200) throw new Error(`draft answered ${draft.status}`)
    fields.push(body.imported.length)
  }

  // Floors: Bun starting, and the same stack doing nothing (one connection, 2 s).
  const bunStarts: number[] = []
  for (let i = 0; i < 5; i++) {
    const t = performance.now()
    Bun.spawnSync([bun, '-e', '1'])
    bunStarts.push(performance.now() - t)
  }
  let health = 0
  const until = performance.now() + 2000
  while (performance.now() < until) {
    await (await fetch(`${base}/api/health`)).arrayBuffer()
    health++
  }

  const sorted = [...times].sort((a, b) => a - b)
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
  console.log(`${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)}; SQLite; the test EHR serving Kermit Trantow's Synthea record, ${4} entries per search page`)
  console.log(`${RUNS} launches, ${launches.size} distinct launch contexts, each filling ${fields[0]} form fields`)
  console.log(`launch → filled form (GET /smart/launch … POST /api/smart/draft): p50 ${p(0.5).toFixed(0)} ms, min ${sorted[0]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (first run ${times[0]!.toFixed(0)} ms: it loads the R4 definitions)`)
  console.log(`floors: bun -e 1 median ${[...bunStarts].sort((a, b) => a - b)[2]!.toFixed(0)} ms; /api/health ${(health / 2).toFixed(0)} req/s (one connection)`)
} finally {
  server.kill('SIGTERM')
  await server.exited
  await ehr.close()
  rmSync(dataDir, { recursive: true, force: true })
}
