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
 * Then downloads it back through /media (the app streams it from the store)
 * and prints both throughputs. With BENCH_STORAGE=s3 the files go to a bucket
 * (s3rver, started here, objects in a temporary folder; ADR 025) and the
 * download is also timed straight from a presigned URL, which is what a
 * redirect to the bucket would give the browser (plus the redirect's hop).
 *
 * Options (environment): BENCH_VIDEO_MB=95 BENCH_PORT=3271 BENCH_STORAGE=folder|s3
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { floorLine, healthFloor } from './floor'

const MB = Number(process.env.BENCH_VIDEO_MB ?? 95)
const PORT = Number(process.env.BENCH_PORT ?? 3271)
const root = path.resolve(import.meta.dir, '..')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-bench-upload-'))
const base = `http://127.0.0.1:${PORT}`
const BUCKET = process.env.BENCH_STORAGE === 's3'
// s3rver runs in this process: nothing below may block it (no spawnSync while the server uses the bucket).
const s3 = BUCKET ? await (await import('../server/test/s3-emulator')).startS3Emulator('homeward-bench') : null
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', SEED_DEMO: 'false', SCHEDULER: 'false', LOG_LEVEL: 'warn', ...(s3 ? s3.env('bench') : {}) }

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
  await Bun.spawn([process.execPath, 'bin/homeward.ts', 'premium', 'grant', email], { cwd: root, env, stdout: 'ignore', stderr: 'inherit' }).exited
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
  const mbps = (bytes: number, took: number) => ((bytes / 1024 / 1024) * 1000) / took
  console.log(`storage: ${s3 ? 'bucket (s3rver)' : 'data folder'}`)
  console.log(`upload of ${MB} MB: HTTP ${res.status} in ${ms} ms (${mbps(size, ms).toFixed(0)} MB/s)`)
  console.log(`server RSS before: ${before} MB (peak so far ${peakBefore} MB), peak (VmHWM) after: ${memory('VmHWM')} MB, RSS now: ${memory('VmRSS')} MB`)

  const uploaded = (await res.json()) as { property: { videos: string[] } }
  const video = uploaded.property.videos[0]!
  /** Reads a whole answer as it streams, counting bytes (nothing kept). */
  const drain = async (url: string) => {
    const t = performance.now()
    const answer = await fetch(url)
    let bytes = 0
    const reader = answer.body!.getReader()
    for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.length
    return { status: answer.status, bytes, ms: Math.round(performance.now() - t) }
  }
  const viaApp = await drain(base + video)
  console.log(`download through the app: HTTP ${viaApp.status}, ${(viaApp.bytes / 1024 / 1024).toFixed(0)} MB in ${viaApp.ms} ms (${mbps(viaApp.bytes, viaApp.ms).toFixed(0)} MB/s); server peak (VmHWM) now ${memory('VmHWM')} MB`)
  if (s3) {
    const direct = await drain(s3.store('bench').blob(video.replace(/^\/media\//, '')).presign({ expiresIn: 60 }))
    console.log(`download from a presigned URL (a redirect's target): HTTP ${direct.status}, ${(direct.bytes / 1024 / 1024).toFixed(0)} MB in ${direct.ms} ms (${mbps(direct.bytes, direct.ms).toFixed(0)} MB/s)`)
  }
  console.log(floorLine(await healthFloor(base)))
} finally {
  server.kill()
  await server.exited
  await s3?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
