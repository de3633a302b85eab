/**
 * npm run bench:writers — two kinds of writers on one data folder at once:
 * the API of a real server and the CLI beside it, as an administrator would
 * run it (`bin/homeward premium grant|revoke <email>` on the accounts the API
 * is writing for). Every answer must be a success or a deliberate 4xx (a free
 * plan's property limit while Premium is revoked): no 5xx, no failed command.
 *
 * Starts `bin/homeward serve` on a temporary DATA_DIR, signs up the operators
 * through the API, then for D seconds drives C concurrent keep-alive API
 * writers (each request one of: edit the profile, confirm a home's beds,
 * create a home and delete it again) while K CLI loops grant and revoke
 * Premium for the same operators. Prints API requests, statuses, 5xx, p50,
 * p99 and max, and the CLI runs, failures, p50 and p99. Exits 1 on any 5xx or
 * failed command.
 *
 * Options (environment): BENCH_SECONDS=20 BENCH_CONCURRENCY=16
 * BENCH_CLI_LOOPS=2 BENCH_OPERATORS=8 BENCH_PORT=3297.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { floorLine } from './floor'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16)
const CLI_LOOPS = Number(process.env.BENCH_CLI_LOOPS ?? 2)
const OPERATORS = Number(process.env.BENCH_OPERATORS ?? 8)
const PORT = Number(process.env.BENCH_PORT ?? 3297)

const root = path.resolve(import.meta.dir, '..')
const bun = process.execPath
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-bench-writers-'))
// Limits scaled up: the bench signs up all its operators from one address and writes far faster than a person.
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', SEED_DEMO: 'false', SCHEDULER: 'false', LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000' }
const base = `http://127.0.0.1:${PORT}`

const server = Bun.spawn([bun, 'bin/homeward.ts', 'serve', '--port', String(PORT)], { cwd: root, env, stdout: 'ignore', stderr: 'inherit' })
function cleanUp() {
  server.kill()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
process.on('SIGINT', () => {
  cleanUp()
  process.exit(130)
})

async function waitForServer() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await Bun.sleep(100)
  }
  throw new Error('server did not start')
}

type Operator = { email: string; cookie: string; propertyId: string }

async function call(method: string, url: string, cookie: string | null, body?: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (cookie) headers.cookie = cookie
  const res = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await res.text()
  return { status: res.status, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? null, json: text ? (JSON.parse(text) as any) : null }
}

const home = (name: string) => ({ name, address: '100 Congress Ave', city: 'Austin', state: 'TX', zip_code: '78701', total_beds: 6, available_beds: 2 })

async function signUpOperator(i: number): Promise<Operator> {
  const email = `bench-writer-${i}-${crypto.randomUUID().slice(0, 6)}@example.com`
  const res = await call('POST', '/api/auth/sign-up', null, { email, password: 'bench-password-1', first_name: 'Bench', last_name: `Writer${i}`, phone: '(555) 555-0100' })
  if (res.status !== 201 || !res.cookie) throw new Error(`sign-up answered ${res.status}: ${JSON.stringify(res.json)}`)
  const created = await call('POST', '/api/my/properties', res.cookie, home(`Writer Home ${i}`))
  if (created.status !== 201) throw new Error(`create property answered ${created.status}: ${JSON.stringify(created.json)}`)
  return { email, cookie: res.cookie, propertyId: created.json.property?.id ?? created.json.id }
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0)
const ms = (n: number) => `${n.toFixed(1)} ms`

await waitForServer()
const operators: Operator[] = []
for (let i = 0; i < OPERATORS; i++) operators.push(await signUpOperator(i))
console.log(`${OPERATORS} operators signed up; ${CONCURRENCY} API writers and ${CLI_LOOPS} CLI loops for ${SECONDS} s on ${dataDir} ...`)

const statuses = new Map<number, number>()
const latencies: number[] = []
const failures5xx: string[] = []
const deadline = performance.now() + SECONDS * 1000

/** One API write, timed; a create is followed by the delete of what it made (so the data set stays small). */
async function apiWriter(n: number) {
  for (let i = n; performance.now() < deadline; i += CONCURRENCY) {
    const op = operators[i % operators.length]!
    const kind = i % 3
    const started = performance.now()
    const url = kind === 0 ? '/api/my/profile' : kind === 1 ? `/api/my/properties/${op.propertyId}/confirm-beds` : '/api/my/properties'
    let res: Awaited<ReturnType<typeof call>>
    if (kind === 0) res = await call('PATCH', url, op.cookie, { bio: `Writer bio, round ${i}: a calm home with room for two.` })
    else if (kind === 1) res = await call('POST', url, op.cookie, { available_beds: i % 6 })
    else {
      res = await call('POST', url, op.cookie, home(`Extra Home ${i}`))
      const id = res.json?.property?.id ?? res.json?.id
      if (res.status === 201 && id) {
        const removed = await call('DELETE', `/api/my/properties/${id}`, op.cookie)
        statuses.set(removed.status, (statuses.get(removed.status) ?? 0) + 1)
        if (removed.status >= 500) failures5xx.push(`DELETE /api/my/properties/:id → ${removed.status} ${JSON.stringify(removed.json)}`)
      }
    }
    latencies.push(performance.now() - started)
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
    if (res.status >= 500) failures5xx.push(`${url} → ${res.status} ${JSON.stringify(res.json)}`)
  }
}

const cliDurations: number[] = []
const cliFailures: string[] = []
/** `bin/homeward premium grant|revoke <email>` one after another, on the operators the API is writing for. */
async function cliWriter(n: number) {
  for (let i = n; performance.now() < deadline; i += CLI_LOOPS) {
    const op = operators[i % operators.length]!
    const verb = Math.floor(i / operators.length) % 2 === 0 ? 'grant' : 'revoke'
    const started = performance.now()
    const proc = Bun.spawn([bun, 'bin/homeward.ts', 'premium', verb, op.email], { cwd: root, env, stdout: 'pipe', stderr: 'pipe' })
    const [code, out, err] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()])
    cliDurations.push(performance.now() - started)
    if (code !== 0) cliFailures.push(`premium ${verb} → exit ${code}: ${(err || out).trim().split('\n').slice(-3).join(' | ')}`)
  }
}

const wall = performance.now()
await Promise.all([...Array.from({ length: CONCURRENCY }, (_, n) => apiWriter(n)), ...Array.from({ length: CLI_LOOPS }, (_, n) => cliWriter(n))])
const elapsed = (performance.now() - wall) / 1000
cleanUp()

latencies.sort((a, b) => a - b)
cliDurations.sort((a, b) => a - b)
const requests = [...statuses.values()].reduce((a, b) => a + b, 0)
const fiveXx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0)
console.log(`\nAPI writes   requests ${requests} (${(requests / elapsed).toFixed(0)}/s)   5xx ${fiveXx}   p50 ${ms(percentile(latencies, 50))}   p99 ${ms(percentile(latencies, 99))}   max ${ms(latencies.at(-1) ?? 0)}`)
console.log(`             statuses ${[...statuses].sort(([a], [b]) => a - b).map(([s, c]) => `${s}×${c}`).join('  ')}`)
console.log(`CLI writes   runs ${cliDurations.length}   failed ${cliFailures.length}   p50 ${ms(percentile(cliDurations, 50))}   p99 ${ms(percentile(cliDurations, 99))}`)
for (const line of [...failures5xx.slice(0, 10), ...cliFailures.slice(0, 10)]) console.log(`  ${line}`)
console.log(floorLine())
if (fiveXx > 0 || cliFailures.length > 0) process.exit(1)
