/**
 * Orphan files through the real bin/homeward (ADR 025), on the run's engine
 * (SQLite, or PostgreSQL with TEST_DATABASE_URL) and a bucket (s3rver):
 * `restore --force` leaves the bucket holding only what the restored rows
 * name, and `storage sweep` removes what no row names once old enough.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { closeHandle, ENGINE, openDatabase, useDatabase } from '../db/client'
import { dataDir as testDataDir } from '../env'
import { DAY, HOUR } from '../lib/clock'
import { currentKeyId } from '../lib/crypto'
import { rowsForEveryKind } from '../storage/file-rows-fixtures'
import { newKey } from '../storage/files'
import type { FileStore } from '../storage/store'
import { startS3Emulator, type S3Emulator } from '../test/s3-emulator'
import { newTestDatabase, removeTestDatabase } from '../test/setup'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-sweep-test-'))
const bin = path.resolve(import.meta.dir, '../../bin/homeward')
const SLOW = 120_000
let s3: S3Emulator
const databases: string[] = []

/** A data folder with the run's key ring and a database of its own (a SQLite file in it, or a new PostgreSQL database). */
type Place = { dir: string; url: string | null }
async function newPlace(name: string): Promise<Place> {
  const dir = path.join(root, name)
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  fs.copyFileSync(path.join(testDataDir(), 'keys.json'), path.join(dir, 'keys.json'))
  if (ENGINE !== 'postgres') {
    fs.copyFileSync(process.env.HOMEWARD_TEMPLATE_DB!, path.join(dir, 'homeward.db'))
    return { dir, url: null }
  }
  const url = await newTestDatabase()
  databases.push(url)
  return { dir, url }
}

/** Rows of every kind naming files, written into the place's database. */
async function rowsIn(place: Place) {
  const database = await openDatabase(place.url ?? path.join(place.dir, 'homeward.db'), { poolSize: 1 })
  useDatabase(database)
  try {
    return await rowsForEveryKind()
  } finally {
    await closeHandle(database)
  }
}

async function homeward(args: string[], place: Place, extra: Record<string, string>) {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: place.dir, NODE_ENV: 'test', SCHEDULER: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...extra }
  delete env.DATABASE_URL
  if (place.url) env.DATABASE_URL = place.url
  const proc = Bun.spawn([bin, ...args], { env, stdout: 'pipe', stderr: 'pipe' })
  const [code, stdout, stderr] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  return { code, stdout, stderr }
}

const keysOf = async (store: FileStore) => {
  const keys: string[] = []
  for await (const { key } of store.list()) keys.push(key)
  return keys.sort()
}
const contentOf = (key: string) => new TextEncoder().encode(`bytes of ${key}`)

beforeAll(async () => {
  currentKeyId() // the key ring the places copy
  s3 = await startS3Emulator()
})
afterAll(async () => {
  await s3?.stop()
  for (const url of databases) await removeTestDatabase(url)
  fs.rmSync(root, { recursive: true, force: true })
})

describe('restore into a bucket', () => {
  test('--force leaves the bucket holding exactly the objects the restored rows name', async () => {
    // The backed-up site: a file for every kind of row, and an orphan no row names.
    const source = await newPlace('source')
    const { named, owners } = await rowsIn(source)
    const siteA = s3.store('site-a')
    const archiveOrphan = newKey('property-images', owners.property, 'webp')
    for (const key of [...named, archiveOrphan]) await siteA.write(key, contentOf(key))
    const archive = path.join(root, 'site-a.tar.gz')
    const backup = await homeward(['backup', archive], source, s3.env('site-a'))
    expect(backup.stderr).toBe('')
    expect(backup.code).toBe(0)

    // The site restored over: its own rows and objects, and an orphan of its own.
    const target = await newPlace('target')
    const previous = (await rowsIn(target)).named
    const siteB = s3.store('site-b')
    const previousOrphan = newKey('referral-documents', crypto.randomUUID(), 'pdf')
    for (const key of [...previous, previousOrphan]) await siteB.write(key, contentOf(key))
    const before = await keysOf(siteB)

    const nowhere = await homeward(['restore', archive, '--force'], target, { ...s3.env('site-b'), STORAGE_URL: 's3://no-such-bucket/site-b' })
    expect(nowhere.code).toBe(1)
    expect(nowhere.stderr).toContain('The bucket of STORAGE_URL (s3://no-such-bucket/site-b')

    const refused = await homeward(['restore', archive], target, s3.env('site-b'))
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('pass --force')
    expect(await keysOf(siteB)).toEqual(before)

    const restored = await homeward(['restore', archive, '--force'], target, s3.env('site-b'))
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)
    expect(restored.stdout).toContain(`${previous.length + 2} stored files no restored row names were removed.`)
    expect(await keysOf(siteB)).toEqual([...named].sort())
    for (const key of named) expect(await siteB.blob(key).bytes()).toEqual(contentOf(key))
    // The backed-up bucket is untouched.
    expect(await keysOf(siteA)).toEqual([...named, archiveOrphan].sort())
  }, SLOW)
})

describe('homeward storage sweep', () => {
  test('--dry-run lists, a run removes old orphans only; --older-than 0 takes young ones too, never while a server runs', async () => {
    const place = await newPlace('sweep')
    const { named, owners } = await rowsIn(place)
    const store = s3.store('site-c')
    const [oldOrphan, youngOrphan] = [newKey('property-videos', owners.property, 'mp4'), newKey('license-proofs', owners.operator, 'pdf')]
    for (const key of [...named, oldOrphan, youngOrphan]) await store.write(key, contentOf(key))
    for (const key of [...named, oldOrphan]) await s3.backdate(store.objectKey(key), 2 * DAY, contentOf(key).length)
    await s3.backdate(store.objectKey(youngOrphan), 23 * HOUR, contentOf(youngOrphan).length)
    const settings = s3.env('site-c')
    const all = await keysOf(store)
    const size = contentOf(oldOrphan).length

    const dry = await homeward(['storage', 'sweep', '--dry-run'], place, settings)
    expect(dry.stderr).toBe('')
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain(`would remove ${oldOrphan} (${size} bytes)`)
    expect(dry.stdout).toContain(`1 file no row names, older than 24 h (0.0 MB) would be removed from s3://homeward-test/site-c; ${named.length + 2} files checked, 1 too recent to judge.`)
    expect(await keysOf(store)).toEqual(all)

    const run = await homeward(['storage', 'sweep'], place, settings)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`removed ${oldOrphan} (${size} bytes)`)
    expect(await keysOf(store)).toEqual(all.filter((k) => k !== oldOrphan))

    // A server holds the data folder (this live process stands for it): no sweep without an age limit.
    fs.writeFileSync(path.join(place.dir, 'homeward.pid'), `${process.pid}\n`)
    const busy = await homeward(['storage', 'sweep', '--older-than', '0'], place, settings)
    expect(busy.code).toBe(1)
    expect(busy.stderr).toContain(`A Homeward server (pid ${process.pid}) is running on ${place.dir}: stop it before removing every file no row names (--older-than 0)`)
    expect(await store.size(youngOrphan)).not.toBeNull()
    fs.rmSync(path.join(place.dir, 'homeward.pid'))

    const now = await homeward(['storage', 'sweep', '--older-than', '0'], place, settings)
    expect(now.stderr).toBe('')
    expect(now.code).toBe(0)
    expect(await keysOf(store)).toEqual([...named].sort())

    const bad = await homeward(['storage', 'sweep', '--older-than', 'soon'], place, settings)
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('--older-than takes a number of hours, 0 or more')
  }, SLOW)
})
