/**
 * bun bench/upload.ts — memory of a streamed video upload.
 *
 * Starts the real server on a temporary DATA_DIR, signs up an operator (Premium
 * granted through the CLI), creates a property and uploads one video of
 * BENCH_VIDEO_MB (default 95) megabytes, generated while it is sent. Prints the
 * server's resident memory before, its peak (VmHWM) after, and the time taken.
 * The upload streams to disk, so the peak should grow by far less than the
 * file's size.
 *
 * Options (environment): BENCH_VIDEO_MB=95 BENCH_PORT=3271
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const MB = Number(process.env.BENCH_VIDEO_MB ?? 95)
const PORT = Number(process.env.BENCH_PORT ?? 3271)
const root = path.resolve(import.meta.dir, '..')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-bench-upload-'))
const base = `http://127.0.0.1:${PORT}`
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', SEED_DEMO: 'false', SCHEDULER: 'false', LOG_LEVEL: 'warn' }

if (await fetch(`${base}/api/health`).then(() => true).catch(() => false)) throw new Error(`port ${PORT} is in use: set BENCH_PORT`)
const server = Bun.spawn([process.execPath, 'bin/homeward.ts', 'serve', '--port', String(PORT)], { cwd: root, env, stdout: 'ignore', stderr: 'inherit' })
const memory = (field: 'VmRSS' | 'VmHWM') => {
  const line = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(field))
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024)
}

try {
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error('server did not start')
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)
    if (ok) break
    await Bun.sleep(100)
  }
  const headers = { 'content-type': 'application/json', origin: base }
  // A fresh operator, given complimentary Premium through the CLI (as an admin would).
  const email = `bench-${Date.now()}@bench.test`
  const signUp = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'bench-password-1', first_name: 'Bench', last_name: 'Operator', phone: '(555) 010-0000', plan: 'free' }),
  })
  const cookie = signUp.headers.get('set-cookie')?.split(';')[0]
  if (!signUp.ok || !cookie) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`)
  Bun.spawnSync([process.execPath, 'bin/homeward.ts', 'premium', 'grant', email], { cwd: root, env, stdout: 'ignore', stderr: 'inherit' })
  const created = await fetch(`${base}/api/my/properties`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ name: 'Bench Home', address: '1 Bench St', city: 'Austin', state: 'TX', zip_code: '78701', total_beds: 2, available_beds: 1 }),
  })
  const { property } = (await created.json()) as { property: { id: string } }

  const boundary = `----bench${crypto.randomUUID().replace(/-/g, '')}`
  const enc = new TextEncoder()
  const head = new Uint8Array(1024 * 1024)
  head.set([0, 0, 0, 0x20, ...enc.encode('ftypisom'), 0, 0, 2, 0, ...enc.encode('isomiso2avc1mp41')])
  const chunk = new Uint8Array(1024 * 1024)
  let sent = 0
  const size = MB * 1024 * 1024
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`))
      c.enqueue(head)
      sent = head.length
    },
    pull(c) {
      if (sent >= size) {
        c.enqueue(enc.encode(`\r\n--${boundary}--\r\n`))
        return c.close()
      }
      const n = Math.min(chunk.length, size - sent)
      c.enqueue(chunk.subarray(0, n))
      sent += n
    },
  })

  const before = memory('VmRSS')
  const peakBefore = memory('VmHWM')
  const started = performance.now()
  const res = await fetch(`${base}/api/my/properties/${property.id}/videos`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    // @ts-expect-error Bun and undici need this for a streamed request body
    duplex: 'half',
  })
  const ms = Math.round(performance.now() - started)
  console.log(`upload of ${MB} MB: HTTP ${res.status} in ${ms} ms`)
  console.log(`server RSS before: ${before} MB (peak so far ${peakBefore} MB), peak (VmHWM) after: ${memory('VmHWM')} MB, RSS now: ${memory('VmRSS')} MB`)
} finally {
  server.kill()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
