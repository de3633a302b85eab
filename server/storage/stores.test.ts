/**
 * The two file stores keep one contract (ADR 025): the data folder and an
 * S3-compatible bucket (s3rver, started here on a free port), the same tests
 * on each. Then what only a bucket has: start-up and health messages for a
 * wrong bucket, refused credentials or no answer, without the secret.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startS3Emulator, type S3Emulator } from '../test/s3-emulator'
import { FolderStore } from './folder-store'
import { rangedResponse } from './ranged'
import { S3Store } from './s3-store'
import { pingStore, storageProblem } from './storage-check'
import type { FileStore } from './store'

let s3: S3Emulator
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-stores-'))
beforeAll(async () => {
  s3 = await startS3Emulator()
})
afterAll(async () => {
  await s3?.stop()
  fs.rmSync(folder, { recursive: true, force: true })
})

const bytes = (n: number, fill = 7) => new Uint8Array(n).fill(fill)
/** A finished upload in an in-progress folder, as the upload routes leave it. */
function received(data: Uint8Array) {
  const dir = path.join(folder, 'uploads-in-progress')
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `${crypto.randomUUID()}.part`)
  fs.writeFileSync(file, data)
  return file
}
const collect = async (store: FileStore) => {
  const all: Record<string, number> = {}
  for await (const f of store.list()) all[f.key] = f.size
  return all
}

const stores: Array<[string, () => FileStore]> = [
  ['the data folder', () => new FolderStore(() => folder)],
  ['a bucket (s3rver)', () => s3.store(`run-${crypto.randomUUID().slice(0, 8)}`)],
]

describe.each(stores)('%s', (_name, make) => {
  test('place moves a received file whole under its key and removes the local file; size, read, list, remove', async () => {
    const store = make()
    const owner = crypto.randomUUID()
    const local = received(bytes(6 * 1024 * 1024 + 3, 5)) // past one 5 MB part: a multipart write in a bucket
    await store.place(local, `property-videos/${owner}/a.mp4`)
    expect(fs.existsSync(local)).toBe(false)
    expect(await store.size(`property-videos/${owner}/a.mp4`)).toBe(6 * 1024 * 1024 + 3)
    await store.write(`property-images/${owner}/b.webp`, bytes(100, 9))
    expect(await store.blob(`property-images/${owner}/b.webp`).bytes()).toEqual(bytes(100, 9))
    expect(await store.size(`property-images/${owner}/missing.webp`)).toBeNull()
    const listed = await collect(store)
    expect(listed[`property-videos/${owner}/a.mp4`]).toBe(6 * 1024 * 1024 + 3)
    expect(listed[`property-images/${owner}/b.webp`]).toBe(100)
    await store.remove(`property-images/${owner}/b.webp`)
    await store.remove(`property-images/${owner}/b.webp`) // already gone: no error
    expect(await store.size(`property-images/${owner}/b.webp`)).toBeNull()
  })

  test('removeOwner removes one owner’s files and no one else’s', async () => {
    const store = make()
    const [mine, theirs] = [crypto.randomUUID(), crypto.randomUUID()]
    for (const key of [`property-images/${mine}/1.webp`, `property-images/${mine}/2.webp`, `property-images/${theirs}/1.webp`]) await store.write(key, bytes(10))
    await store.removeOwner(`property-images/${mine}/`)
    expect(await store.size(`property-images/${mine}/1.webp`)).toBeNull()
    expect(await store.size(`property-images/${mine}/2.webp`)).toBeNull()
    expect(await store.size(`property-images/${theirs}/1.webp`)).toBe(10)
  })

  test('copyIn streams another store’s file in, whole', async () => {
    const store = make()
    const source = path.join(folder, `source-${crypto.randomUUID()}.bin`)
    fs.writeFileSync(source, bytes(3 * 1024 * 1024, 3))
    await store.copyIn('property-videos/x/c.webm', Bun.file(source))
    expect(await store.size('property-videos/x/c.webm')).toBe(3 * 1024 * 1024)
  })

  test('serve: the whole file with its type and the given headers; one range as a 206 (video seeking); past the end 416; a missing file null', async () => {
    const store = make()
    const data = new Uint8Array(1000).map((_, i) => i % 251)
    await store.write('property-videos/o/v.mp4', data)
    const headers = { 'Cache-Control': 'public, max-age=86400' }
    const whole = (await store.serve('property-videos/o/v.mp4', undefined, headers))!
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('video/mp4')
    expect(whole.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(data)
    expect(await store.serve('property-videos/o/none.mp4', undefined, headers)).toBeNull()
    // Bun's server answers a file's ranges itself: asked through a real server, as a browser would.
    const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: async (req) => (await store.serve('property-videos/o/v.mp4', req.headers.get('range') ?? undefined, headers))! })
    const ask = (range: string) => fetch(`http://127.0.0.1:${server.port}/`, { headers: { Range: range } })
    try {
      const part = await ask('bytes=100-199')
      expect(part.status).toBe(206)
      expect(part.headers.get('content-range')).toBe('bytes 100-199/1000')
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(data.slice(100, 200))
      const tail = await ask('bytes=-10')
      expect(new Uint8Array(await tail.arrayBuffer())).toEqual(data.slice(990))
      expect((await ask('bytes=1000-')).status).toBe(416)
    } finally {
      await server.stop(true)
    }
  })

  test('ping answers', async () => {
    await pingStore(make())
  })
})

describe('a bucket that does not answer as configured', () => {
  const secret = 'a-secret-that-must-not-be-printed'
  const config = () => ({ bucket: s3.bucket, prefix: '', endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: secret })

  test('a missing bucket: named, with the setting to fix', async () => {
    const store = new S3Store({ ...config(), bucket: 'no-such-bucket' })
    const error = await pingStore(store).then(() => null, (e) => e)
    expect(error).not.toBeNull()
    const problem = storageProblem(store, error)
    expect(problem).toContain('The bucket of STORAGE_URL (s3://no-such-bucket')
    expect(problem).toContain('does not exist')
    expect(problem).not.toContain(secret)
  })

  test('refused credentials: said, naming the settings, never the secret', async () => {
    const store = new S3Store({ ...config(), accessKeyId: 'WRONGKEY' })
    const problem = storageProblem(store, await pingStore(store).then(() => null, (e) => e))
    expect(problem).toContain('refused the credentials (InvalidAccessKeyId)')
    expect(problem).toContain('S3_SECRET_ACCESS_KEY')
    expect(problem).not.toContain(secret)
  })

  test('no answer at the endpoint: said, naming S3_ENDPOINT', async () => {
    const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
    const closed = `http://127.0.0.1:${listener.port}`
    listener.stop(true)
    const store = new S3Store({ ...config(), endpoint: closed })
    const problem = storageProblem(store, await pingStore(store).then(() => null, (e) => e))
    expect(problem).toContain(`does not answer`)
    expect(problem).toContain('S3_ENDPOINT')
    expect(problem).not.toContain(secret)
  })
})

describe('rangedResponse', () => {
  const blob = new Blob([new Uint8Array(10).map((_, i) => i)])
  test('several ranges or a malformed header: the whole file', async () => {
    for (const range of ['bytes=0-1,4-5', 'items=0-1', 'bytes=-']) {
      const res = rangedResponse(blob, 10, range, {})
      expect(res.status).toBe(200)
      expect((await res.arrayBuffer()).byteLength).toBe(10)
    }
  })
  test('an open range runs to the end; an end past the size is cut to it', async () => {
    expect(new Uint8Array(await rangedResponse(blob, 10, 'bytes=7-', {}).arrayBuffer())).toEqual(new Uint8Array([7, 8, 9]))
    const cut = rangedResponse(blob, 10, 'bytes=8-99', {})
    expect(cut.headers.get('content-range')).toBe('bytes 8-9/10')
  })
})
