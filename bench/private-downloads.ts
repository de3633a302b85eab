/**
 * bun bench/private-downloads.ts — the server's memory while it serves many
 * large private files (referral documents, sealed at rest: ADR 013, ADR 039).
 *
 * Starts the real server on a temporary DATA_DIR, signs up a referrer, submits
 * a referral and uploads BENCH_FILES small documents to it; then replaces each
 * stored file with BENCH_FILE_MB megabytes of distinct random bytes sealed for
 * its place, and downloads all of them at once (one request each, read as they
 * stream, nothing kept). Prints the server's RSS before, its highest RSS
 * sampled every 20 ms while the downloads ran, and its peak (VmHWM), with the
 * host's floor.
 *
 * BENCH_FORMAT=hw2 (default) seals the files in chunks, as uploads are sealed
 * now; hw1 seals them whole, as uploads were before (a server opens those
 * whole). BENCH_ROOT runs the server from another checkout (e.g. an older
 * commit unpacked with `git archive`, node_modules linked) to measure before
 * and after with the same script.
 *
 * Options (environment): BENCH_FILES=20 BENCH_FILE_MB=50 BENCH_FORMAT=hw2|hw1 BENCH_PORT=3273 BENCH_ROOT=.
 */
import { Database } from 'bun:sqlite'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { floorLine, healthFloor } from './floor'

const FILES = Number(process.env.BENCH_FILES ?? 20)
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 50)
const FORMAT = process.env.BENCH_FORMAT === 'hw1' ? 'hw1' : 'hw2'
const PORT = Number(process.env.BENCH_PORT ?? 3273)
const here = path.resolve(import.meta.dir, '..')
const root = path.resolve(process.env.BENCH_ROOT ?? here)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-bench-downloads-'))
const base = `http://127.0.0.1:${PORT}`
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', SEED_DEMO: 'false', SCHEDULER: 'false', LOG_LEVEL: 'warn', DATABASE_URL: '' }

if (await fetch(`${base}/api/health`).then(() => true).catch(() => false)) throw new Error(`port ${PORT} is in use: set BENCH_PORT`)
const server = Bun.spawn([process.execPath, 'bin/homeward.ts', 'serve', '--port', String(PORT)], { cwd: root, env, stdout: 'ignore', stderr: 'inherit' })
const memory = (field: 'VmRSS' | 'VmHWM') => {
  const line = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(field))
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024)
}

try {
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error('server did not start')
    if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) break
    await Bun.sleep(100)
  }
  const headers = { 'content-type': 'application/json', origin: base }
  const signUp = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: `bench-${Date.now()}@bench.test`, password: 'bench-password-1', first_name: 'Bench', last_name: 'Referrer', phone: '(555) 010-0000', account_type: 'referrer' }),
  })
  const cookie = signUp.headers.getSetCookie().find((c) => c.startsWith('hw_session='))?.split(';')[0]
  if (signUp.status !== 201 || !cookie) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`)
  // The e-mail link, followed: the address marked verified in the database (the server's own writes wait on SQLite's lock).
  const writer = new Database(path.join(dataDir, 'homeward.db'))
  writer.run('PRAGMA busy_timeout = 5000')
  writer.run('UPDATE users SET email_verified_at = ?', [Date.now()])
  writer.close()
  const submitted = await fetch(`${base}/api/referrals`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({
      referrer_name: 'Bench Referrer',
      referrer_relationship: 'case-manager',
      referrer_email: 'bench@bench.test',
      referrer_phone: '(555) 010-0100',
      client_first_name: 'Eleanor',
      client_last_name: 'Price',
      client_dob: '1948-03-14',
      client_gender: 'female',
      budget_range: '$3,000-$4,000',
      preferred_state: 'TX',
    }),
  })
  if (submitted.status !== 201) throw new Error(`referral failed: ${submitted.status} ${await submitted.text()}`)
  const { referral } = (await submitted.json()) as { referral: { id: string } }
  const ids: string[] = []
  for (let i = 0; i < FILES; i++) {
    const form = new FormData()
    form.append('file', new File([`%PDF-1.4\n%bench ${i}\n`], `bench-${i}.pdf`, { type: 'application/pdf' }))
    const res = await fetch(`${base}/api/referrals/${referral.id}/documents`, { method: 'POST', headers: { cookie, origin: base }, body: form })
    if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`)
    ids.push(((await res.json()) as { id: string }).id)
  }

  // The stored files, replaced by large ones sealed with the server's own key ring (DATA_DIR/keys.json).
  process.env.DATA_DIR = dataDir
  process.env.DATABASE_URL = ''
  const { placeOf, sealingStream } = await import('../server/lib/sealed-file')
  const { legacySealedFile } = await import('../server/test/legacy-seal')
  const { filePath } = await import('../server/storage/files')
  const sqlite = new Database(path.join(dataDir, 'homeward.db'), { readonly: true })
  const keys = sqlite.query<{ storage_key: string }, []>('SELECT storage_key FROM referral_documents').all().map((r) => r.storage_key)
  sqlite.close()
  const size = FILE_MB * 1024 * 1024
  for (const key of keys) {
    const target = filePath(key)
    if (FORMAT === 'hw1') {
      const plain = new Uint8Array(size)
      for (let o = 0; o < size; o += 65536) crypto.getRandomValues(plain.subarray(o, o + 65536))
      fs.writeFileSync(target, legacySealedFile(plain))
      continue
    }
    const fd = fs.openSync(target, 'w', 0o600)
    const seal = sealingStream(placeOf(key))
    fs.writeSync(fd, seal.header)
    const piece = new Uint8Array(1024 * 1024)
    for (let at = 0; at < size; at += piece.length) {
      for (let o = 0; o < piece.length; o += 65536) crypto.getRandomValues(piece.subarray(o, o + 65536))
      fs.writeSync(fd, seal.update(piece))
    }
    fs.writeSync(fd, seal.final())
    fs.closeSync(fd)
  }

  await Bun.sleep(500)
  const before = memory('VmRSS')
  let highest = before
  const sampler = setInterval(() => {
    highest = Math.max(highest, memory('VmRSS'))
  }, 20)
  const started = performance.now()
  const results = await Promise.all(
    ids.map(async (id) => {
      const answer = await fetch(`${base}/api/documents/${id}/download`, { headers: { cookie } })
      let bytes = 0
      const reader = answer.body!.getReader()
      for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.length
      return { status: answer.status, bytes }
    }),
  )
  const ms = Math.round(performance.now() - started)
  clearInterval(sampler)
  const total = results.reduce((n, r) => n + r.bytes, 0)
  const statuses = [...new Set(results.map((r) => r.status))].join(', ')
  console.log(`server: ${root === here ? 'this checkout' : root}; files sealed as ${FORMAT}`)
  console.log(`${FILES} concurrent downloads of ${FILE_MB} MB (${FILES} distinct files): HTTP ${statuses}, ${(total / 1024 / 1024).toFixed(0)} MB in ${ms} ms`)
  console.log(`server RSS before: ${before} MB, highest RSS sampled during: ${highest} MB, peak (VmHWM): ${memory('VmHWM')} MB`)
  console.log(floorLine(await healthFloor(base)))
} finally {
  server.kill()
  await server.exited
  fs.rmSync(dataDir, { recursive: true, force: true })
}
