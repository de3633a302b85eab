/**
 * `homeward storage move` and backups with a bucket (ADR 025), the real
 * command spawned against a temporary data folder (SQLite) and s3rver: the
 * move to a bucket and back copies every file, verified by size and
 * checksum, resumes where an earlier run stopped, and retires the source (a
 * server started on it refuses); a backup taken with a bucket holds its
 * objects and restores them into another bucket or a folder.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { closeAsOneFile } from '../db/table-rows'
import { closeHandle, migrateDatabase, openDatabase, useDatabase } from '../db/client'
import { dataDir as testDataDir } from '../env'
import { currentKeyId } from '../lib/crypto'
import { placeOf, sealFileBytes } from '../lib/sealed-file'
import { nameInRows } from '../storage/file-rows-fixtures'
import { MOVED_NOTE } from '../storage/move'
import { startS3Emulator, type S3Emulator } from '../test/s3-emulator'
import { startServer } from '../test/server-process'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-storage-move-'))
const bin = path.resolve(import.meta.dir, '../../bin/homeward')
const SLOW = 120_000
let s3: S3Emulator

/** A SQLite database, migrated once (the run's template on the SQLite pass; the PostgreSQL pass has none), copied into each folder. */
let template = process.env.HOMEWARD_TEMPLATE_DB ?? ''
async function sqliteTemplate() {
  if (template) return template
  template = path.join(root, 'template.db')
  const database = await openDatabase(template, { poolSize: 1 })
  await migrateDatabase(database)
  closeAsOneFile(database)
  return template
}

/** A data folder with a SQLite database and the run's key ring (the files are the point here, not the engine). */
function newDataDir(name: string) {
  const dir = path.join(root, name)
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  fs.copyFileSync(template, path.join(dir, 'homeward.db'))
  fs.copyFileSync(path.join(testDataDir(), 'keys.json'), path.join(dir, 'keys.json'))
  return dir
}

async function homeward(args: string[], dir: string, extra: Record<string, string> = {}) {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dir, NODE_ENV: 'test', SCHEDULER: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...extra }
  delete env.DATABASE_URL
  const proc = Bun.spawn([bin, ...args], { env, stdout: 'pipe', stderr: 'pipe' })
  const [code, stdout, stderr] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  return { code, stdout, stderr }
}

const random = (n: number) => crypto.getRandomValues(new Uint8Array(n))
/** Files as uploads leave them: a photo, a video past one multipart part, a sealed document. */
const FILES: Record<string, Uint8Array> = {}
const owner = crypto.randomUUID()
beforeAll(async () => {
  currentKeyId()
  await sqliteTemplate()
  s3 = await startS3Emulator()
  FILES[`property-images/${owner}/${crypto.randomUUID()}.webp`] = random(50_000)
  FILES[`property-videos/${owner}/${crypto.randomUUID()}.mp4`] = new Uint8Array(Buffer.concat(Array.from({ length: 7 }, () => random(1024 * 1024))))
  const document = `referral-documents/${owner}/${crypto.randomUUID()}.pdf`
  FILES[document] = sealFileBytes(placeOf(document), new TextEncoder().encode('%PDF-1.4 QzMOVEmk'))
})
afterAll(async () => {
  await s3?.stop()
  fs.rmSync(root, { recursive: true, force: true })
})

/** The bucket's settings with the files still in the folder (STORAGE_URL unset). */
const credentials = () => ({ ...s3.env(), STORAGE_URL: '' })

const bucketBytes = async (prefix: string) => {
  const out: Record<string, Uint8Array> = {}
  const store = s3.store(prefix)
  for await (const { key } of store.list()) out[key] = await store.blob(key).bytes()
  return out
}
const folderBytes = (dir: string) => {
  const uploads = path.join(dir, 'uploads')
  const out: Record<string, Uint8Array> = {}
  for (const e of fs.readdirSync(uploads, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out[path.relative(uploads, path.join(e.parentPath, e.name))] = new Uint8Array(fs.readFileSync(path.join(e.parentPath, e.name)))
  }
  return out
}

describe('homeward storage move', () => {
  test('to a bucket: every file copied and verified, an earlier partial run resumed, the folder retired; and back', async () => {
    const dir = newDataDir('move')
    for (const [key, bytes] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(dir, 'uploads', key)), { recursive: true })
      fs.writeFileSync(path.join(dir, 'uploads', key), bytes)
    }
    const [photo, video] = Object.keys(FILES) as [string, string]
    // An earlier run got as far as the photo; a damaged copy of the video is there too (it is copied again).
    const bucket = s3.store('moved')
    await bucket.write(photo, FILES[photo]!)
    await bucket.write(video, random(1000))

    const moved = await homeward(['storage', 'move', '--to', 's3://homeward-test/moved'], dir, credentials())
    expect(moved.stderr).toBe('')
    expect(moved.code).toBe(0)
    expect(moved.stdout).toContain('3 files')
    expect(moved.stdout).toContain('verified by size and SHA-256 (2 copied now, 1 already there)')
    expect(moved.stdout).toContain('Start every instance with STORAGE_URL=s3://homeward-test/moved')
    const inBucket = await bucketBytes('moved')
    expect(Object.keys(inBucket).sort()).toEqual(Object.keys(FILES).sort())
    for (const [key, bytes] of Object.entries(FILES)) expect(inBucket[key]).toEqual(bytes)
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'uploads', MOVED_NOTE), 'utf8')).to).toBe('s3://homeward-test/moved')

    // The folder is retired: the move does not run from it again, and a server on it refuses to start.
    const again = await homeward(['storage', 'move', '--to', 's3://homeward-test/other'], dir, credentials())
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('were moved to s3://homeward-test/moved')
    const refused = await startServer({ DATA_DIR: dir, DATABASE_URL: '', STORAGE_URL: '' }).then(
      () => null,
      (e: Error) => e.message,
    )
    expect(refused).toContain('were moved to s3://homeward-test/moved')
    expect(refused).toContain('start with STORAGE_URL=s3://homeward-test/moved')

    // And back to the folder, from scratch there.
    fs.rmSync(path.join(dir, 'uploads'), { recursive: true })
    const back = await homeward(['storage', 'move', '--to', 'folder'], dir, s3.env('moved'))
    expect(back.stderr).toBe('')
    expect(back.code).toBe(0)
    expect(back.stdout).toContain('Start every instance without STORAGE_URL')
    const inFolder = folderBytes(dir)
    expect(Object.keys(inFolder).sort()).toEqual(Object.keys(FILES).sort())
    for (const [key, bytes] of Object.entries(FILES)) expect(inFolder[key]).toEqual(bytes)
    expect(await s3.store('moved').size(MOVED_NOTE)).not.toBeNull()
  }, SLOW)

  test('a bad target is refused with the problem, before anything is copied', async () => {
    const dir = newDataDir('bad-target')
    const res = await homeward(['storage', 'move', '--to', 's3://no-such-bucket/x'], dir, credentials())
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('The bucket of STORAGE_URL (s3://no-such-bucket/x')
    const within = await homeward(['storage', 'move', '--to', 's3://homeward-test/outer/inner'], dir, s3.env('outer'))
    expect(within.code).toBe(1)
    expect(within.stderr).toContain('s3://homeward-test/outer/inner is inside s3://homeward-test/outer')
    expect((await homeward(['storage', 'move', '--to', '/tmp/elsewhere'], dir)).stderr).toContain('--to takes s3://bucket/prefix or "folder"')
  }, SLOW)
})

describe('starting on a bucket that does not answer as configured', () => {
  const secret = 'not-to-be-printed-7f3a'
  const start = (extra: Record<string, string>) =>
    startServer({ DATA_DIR: newDataDir(`start-${crypto.randomUUID().slice(0, 6)}`), DATABASE_URL: '', ...s3.env('site'), ...extra }).then(
      async (server) => {
        await server.stop()
        return 'started'
      },
      (e: Error) => e.message,
    )

  test('a missing bucket, refused credentials: a clear line, never the secret; no credentials: the configuration error', async () => {
    const missing = await start({ STORAGE_URL: 's3://no-such-bucket/site', S3_SECRET_ACCESS_KEY: secret })
    expect(missing).toContain('The bucket of STORAGE_URL (s3://no-such-bucket/site')
    expect(missing).not.toContain(secret)
    const refused = await start({ S3_ACCESS_KEY_ID: 'WRONGKEY', S3_SECRET_ACCESS_KEY: secret })
    expect(refused).toContain('refused the credentials (InvalidAccessKeyId): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY')
    expect(refused).not.toContain(secret)
    const none = await homeward(['storage', 'move', '--to', 'folder'], newDataDir('no-keys'), { STORAGE_URL: 's3://homeward-test/x', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '', AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '' })
    expect(none.code).toBe(1)
    expect(none.stderr).toContain('STORAGE_URL: needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)')
    expect(await start({})).toBe('started')
  }, SLOW)
})

describe('backup and restore with a bucket', () => {
  test('the backup holds every object as files/uploads/…; restore writes them to the target’s bucket, or to its folder', async () => {
    const dir = newDataDir('backup-source')
    // Rows name the files: a restore keeps only what its rows name.
    const database = await openDatabase(path.join(dir, 'homeward.db'), { poolSize: 1 })
    useDatabase(database)
    try {
      await nameInRows(Object.keys(FILES))
    } finally {
      await closeHandle(database)
    }
    const source = s3.store('live')
    for (const [key, bytes] of Object.entries(FILES)) await source.write(key, bytes)
    const archive = path.join(root, 'with-objects.tar.gz')
    const backup = await homeward(['backup', archive], dir, s3.env('live'))
    expect(backup.stderr).toBe('')
    expect(backup.code).toBe(0)
    const listed = Bun.spawnSync(['tar', '-tzf', archive]).stdout.toString().split('\n')
    for (const key of Object.keys(FILES)) expect(listed).toContain(`files/uploads/${key}`)

    const intoBucket = path.join(root, 'restore-bucket')
    fs.mkdirSync(intoBucket, { mode: 0o700 })
    const restored = await homeward(['restore', archive], intoBucket, s3.env('restored'))
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)
    const objects = await bucketBytes('restored')
    for (const [key, bytes] of Object.entries(FILES)) expect(objects[key]).toEqual(bytes)
    expect(fs.existsSync(path.join(intoBucket, 'uploads'))).toBe(false)
    expect(fs.existsSync(path.join(intoBucket, 'keys.json'))).toBe(true)

    const intoFolder = path.join(root, 'restore-folder')
    fs.mkdirSync(intoFolder, { mode: 0o700 })
    const toFolder = await homeward(['restore', archive], intoFolder)
    expect(toFolder.code).toBe(0)
    const files = folderBytes(intoFolder)
    for (const [key, bytes] of Object.entries(FILES)) expect(files[key]).toEqual(bytes)
  }, SLOW)
})
