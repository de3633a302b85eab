/**
 * The FHIR API of registered systems (ADR 038, 041, 042, 043) against a real server process, with 50
 * registered systems at once, each acting for the demo's referrer account:
 *
 *   1. tokens/s: each system trades signed assertions (ES384, signed before the clock starts, a new jti
 *      each) for access tokens at POST /fhir/r4/auth/token;
 *   2. creates/s: each system POSTs the guide's transaction Bundle (docs/fhir-api.md, "Create a
 *      referral"; the client's name varied per request, so every referral is distinct), each one a
 *      referral matched to the homes as the browser's are;
 *   3. notification latency: each system subscribes (id-only, Task?_id=) to 4 of its Tasks with a
 *      rest-hook receiver on 127.0.0.1, then cancels them by PATCH; the latency is from the PATCH sent to
 *      its event-notification received. Measured once the jobs the creates queued (matching, e-mail)
 *      have run (GET /metrics shows none due): the scheduler's tick runs them before the deliveries, so
 *      right after a burst of creates a notification waits for that backlog (the time it took is printed).
 *
 * The rate limits are scaled (RATE_LIMIT_SCALE=1000): the figures are the server's, not its limits'.
 * Beside them, the host's floor (`bun -e 1`, GET /api/health). SQLite in a scratch data folder, or a
 * scratch PostgreSQL database with BENCH_POSTGRES_URL (bench/database.ts).
 *
 *   bun run bench:fhir-api           SECONDS=10 per phase (default)
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { benchDatabase } from './database'
import { floorLine, healthFloor } from './floor'
import { cpuMs, pct } from './harness'

const SYSTEMS = 50
const TASKS_EACH = 4
const SECONDS = Number(process.env.SECONDS ?? 10)
const root = path.resolve(import.meta.dir, '..')
const port = 3700 + Math.floor(Math.random() * 90)
const base = `http://127.0.0.1:${port}`
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-bench-fhir-api-'))
const database = await benchDatabase()
const env = {
  ...process.env,
  ...database.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  PUBLIC_URL: base,
  NODE_ENV: 'development',
  SEED_DEMO: 'true',
  SCHEDULER: 'true',
  LOG_LEVEL: 'error',
  RATE_LIMIT_SCALE: '1000',
  SUBSCRIPTION_ALLOWED_HOSTS: '127.0.0.1',
  METRICS_TOKEN: `bench-${crypto.randomUUID()}`,
}
const tokenUrl = `${base}/fhir/r4/auth/token`
const BACKPORT = 'http://hl7.org/fhir/uv/subscriptions-backport/StructureDefinition'

/** The guide's own example Bundle: the bench sends what an integrator would copy. */
function guideBundle(): { entry: { resource: Record<string, unknown> }[] } {
  const guide = fs.readFileSync(path.join(root, 'docs/fhir-api.md'), 'utf8')
  const section = guide.slice(guide.indexOf('## Create a referral'))
  const json = /```json\n([\s\S]*?)\n```/.exec(section)![1]!
  return JSON.parse(json)
}

const seconds = (since: number) => (performance.now() - since) / 1000
const line = (name: string, n: number, secs: number, lat: number[], extra = '') => {
  const sorted = Float64Array.from(lat).sort()
  console.log(
    `${name.padEnd(26)} ${(n / secs).toFixed(1).padStart(8)}/s  p50 ${pct(sorted, 50).toFixed(1).padStart(7)} ms  p99 ${pct(sorted, 99).toFixed(1).padStart(7)} ms  (${n} in ${secs.toFixed(1)} s${extra})`,
  )
}

let server: ReturnType<typeof Bun.spawn> | null = null
let receiver: ReturnType<typeof Bun.serve> | null = null
try {
  console.log(`Engine: ${database.engine}. ${SYSTEMS} registered systems, ${SECONDS} s per phase.`)
  server = Bun.spawn([process.execPath, 'bin/homeward.ts', 'serve', '--port', String(port)], { cwd: root, env, stdout: 'ignore', stderr: 'inherit' })
  for (let i = 0; !(await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)); i++) {
    if (i === 600) throw new Error('server did not start')
    await Bun.sleep(100)
  }

  // 50 systems, one key pair (each signs as its own client id), registered with the CLI as an agency would.
  const keys = await generateKeyPair('ES384', { extractable: true })
  const jwksFile = path.join(dataDir, 'jwks.json')
  fs.writeFileSync(jwksFile, JSON.stringify({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'bench', alg: 'ES384' }] }))
  const clients: string[] = []
  for (let i = 0; i < SYSTEMS; i++) {
    const added = Bun.spawnSync([process.execPath, 'bin/homeward.ts', 'fhir-clients', 'add', '--name', `Bench Hospital ${i + 1}`, '--account', 'referrer@homeward.test', '--jwks-file', jwksFile], { cwd: root, env })
    const id = /client_id: (\S+)/.exec(added.stdout.toString())?.[1]
    if (!id) throw new Error(`fhir-clients add: ${added.stderr.toString()}`)
    clients.push(id)
  }
  const assertion = (client: string) =>
    new SignJWT({ jti: crypto.randomUUID() }).setProtectedHeader({ alg: 'ES384', kid: 'bench' }).setIssuer(client).setSubject(client).setAudience(tokenUrl).setExpirationTime('5m').sign(keys.privateKey)
  const askToken = async (signed: string) => {
    const res = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: signed }),
    })
    const body = (await res.json()) as { access_token?: string }
    if (!res.ok || !body.access_token) throw new Error(`token: ${res.status} ${JSON.stringify(body)}`)
    return body.access_token
  }

  // 1. Tokens: enough assertions signed beforehand that signing is not what is measured.
  const pool = await Promise.all(clients.map(async (c) => Promise.all(Array.from({ length: 60 }, () => assertion(c)))))
  const tokens: string[] = []
  let t0 = performance.now()
  let cpu0 = cpuMs(server.pid)
  const tokenLat: number[] = []
  const stopTokens = performance.now() + SECONDS * 1000
  await Promise.all(
    clients.map(async (_, c) => {
      for (const signed of pool[c]!) {
        if (performance.now() > stopTokens) break
        const s = performance.now()
        tokens[c] = await askToken(signed)
        tokenLat.push(performance.now() - s)
      }
    }),
  )
  line('tokens', tokenLat.length, seconds(t0), tokenLat, `, ${tokenLat.length} distinct assertions, server CPU ${cpuPer(cpu0, tokenLat.length)}`)

  // 2. Creates: the guide's Bundle, the client's name made distinct per request.
  const template = guideBundle()
  const created: { client: number; task: string }[] = []
  const createLat: number[] = []
  let errors = 0
  let n = 0
  t0 = performance.now()
  cpu0 = cpuMs(server.pid)
  const stopCreates = performance.now() + SECONDS * 1000
  await Promise.all(
    clients.map(async (_, c) => {
      while (performance.now() < stopCreates || created.filter((x) => x.client === c).length < TASKS_EACH) {
        const bundle = structuredClone(template)
        const patient = bundle.entry.find((e) => e.resource.resourceType === 'Patient')!.resource as { name: { given: string[] }[] }
        patient.name[0]!.given = [`Bench${n++}`]
        const s = performance.now()
        const res = await fetch(`${base}/fhir/r4`, { method: 'POST', headers: { authorization: `Bearer ${tokens[c]}`, 'content-type': 'application/fhir+json' }, body: JSON.stringify(bundle) })
        const body = (await res.json()) as { entry?: { response: { location: string } }[] }
        createLat.push(performance.now() - s)
        const task = body.entry?.map((e) => e.response.location).find((l) => l?.startsWith('Task/'))
        if (!res.ok || !task) {
          errors++
          if (errors === 1) console.error(`create: ${res.status} ${JSON.stringify(body).slice(0, 400)}`)
          if (errors > 20) throw new Error('creates keep failing')
          continue
        }
        created.push({ client: c, task: task.split('/')[1]! })
      }
    }),
  )
  const createSecs = seconds(t0)
  line('creates (transaction)', createLat.length, createSecs, createLat, `, ${n} distinct Bundles, ${errors} errors, server CPU ${cpuPer(cpu0, createLat.length)}`)

  // The backlog the creates queued (matching runs, e-mails) drains first; how long it took is a figure too.
  const drained = performance.now()
  const backlog = async () => {
    const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${env.METRICS_TOKEN}` } })).text()
    const due = [...text.matchAll(/^homeward_jobs_due\{[^}]*\} (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0)
    const mail = Number(/^homeward_outbox_messages\{status="pending"\} (\d+)/m.exec(text)?.[1] ?? 0)
    return due + mail
  }
  for (let i = 0; (await backlog()) > 0 && i < 1200; i++) await Bun.sleep(250)
  console.log(`${'backlog after the creates'.padEnd(26)} drained in ${seconds(drained).toFixed(1)} s (matching runs and e-mails the ${createLat.length} referrals queued)`)

  // 3. Notifications: a receiver on 127.0.0.1; each system follows 4 of its Tasks, then cancels them.
  const arrived = new Map<string, number>()
  receiver = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const bundle = (await req.json()) as { entry: { resource: { parameter: { name: string; valueCode?: string; part?: { name: string; valueReference?: { reference: string } }[] }[] } }[] }
      const params = bundle.entry[0]!.resource.parameter
      if (params.find((p) => p.name === 'type')?.valueCode === 'event-notification') {
        for (const event of params.filter((p) => p.name === 'notification-event')) {
          const focus = event.part?.find((p) => p.name === 'focus')?.valueReference?.reference
          if (focus) arrived.set(focus.split('/')[1]!, performance.now())
        }
      }
      return new Response(null, { status: 200 })
    },
  })
  const endpoint = `http://127.0.0.1:${receiver.port}/hook`
  const followed = clients.flatMap((_, c) => created.filter((x) => x.client === c).slice(0, TASKS_EACH))
  await Promise.all(
    followed.map(async ({ client, task }) => {
      const res = await fetch(`${base}/fhir/r4/Subscription`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[client]}`, 'content-type': 'application/fhir+json' },
        body: JSON.stringify({
          resourceType: 'Subscription',
          status: 'requested',
          reason: 'bench',
          criteria: `${base}/fhir/r4/SubscriptionTopic/task-changes`,
          _criteria: { extension: [{ url: `${BACKPORT}/backport-filter-criteria`, valueString: `Task?_id=${task}` }] },
          channel: { type: 'rest-hook', endpoint, payload: 'application/fhir+json', _payload: { extension: [{ url: `${BACKPORT}/backport-payload-content`, valueCode: 'id-only' }] } },
        }),
      })
      if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${await res.text()}`)
    }),
  )
  const sent = new Map<string, number>()
  const patchLat: number[] = []
  t0 = performance.now()
  await Promise.all(
    followed.map(async ({ client, task }) => {
      const s = performance.now()
      sent.set(task, s)
      const res = await fetch(`${base}/fhir/r4/Task/${task}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${tokens[client]}`, 'content-type': 'application/json-patch+json' },
        body: JSON.stringify([{ op: 'replace', path: '/status', value: 'cancelled' }]),
      })
      patchLat.push(performance.now() - s)
      if (!res.ok) throw new Error(`cancel: ${res.status} ${await res.text()}`)
    }),
  )
  const patchSecs = seconds(t0)
  for (let i = 0; arrived.size < followed.length && i < 300; i++) await Bun.sleep(100)
  line('cancels (PATCH)', patchLat.length, patchSecs, patchLat, `, ${followed.length} distinct Tasks`)
  const latency = followed.flatMap(({ task }) => (arrived.has(task) ? [arrived.get(task)! - sent.get(task)!] : []))
  const sorted = Float64Array.from(latency).sort()
  console.log(
    `${'notification latency'.padEnd(26)} p50 ${pct(sorted, 50).toFixed(1)} ms  p99 ${pct(sorted, 99).toFixed(1)} ms  max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms  (${latency.length} of ${followed.length} notifications received, ${followed.length} subscriptions; from the PATCH sent)`,
  )
  console.log('Caches: none on these paths (every token, create and notification is a write).')
  console.log(floorLine(await healthFloor(base)))
} finally {
  receiver?.stop(true)
  server?.kill()
  await server?.exited
  fs.rmSync(dataDir, { recursive: true, force: true })
  await database.drop()
}

function cpuPer(before: number | null, requests: number) {
  const after = server ? cpuMs(server.pid) : null
  if (before === null || after === null || requests === 0) return 'n/a'
  return `${Math.round(((after - before) * 1000) / requests)} µs/request`
}
