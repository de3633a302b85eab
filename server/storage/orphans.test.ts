/**
 * The orphan sweep (ADR 025) on both stores — the data folder and a bucket
 * (s3rver) — and, with TEST_DATABASE_URL, on PostgreSQL: a file any row
 * names stays whatever its age; a file no row names goes once older than
 * the safety age, never before; files Homeward did not name are left alone.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, is } from 'drizzle-orm'
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core'
import * as schema from '../db/schema'
import { property_media } from '../db/schema'
import { DAY, HOUR } from '../lib/clock'
import { startS3Emulator, type S3Emulator } from '../test/s3-emulator'
import { db, setupTestDb } from '../test/setup'
import { rowsForEveryKind } from './file-rows-fixtures'
import { newKey } from './files'
import { FolderStore } from './folder-store'
import { MOVED_NOTE } from './move'
import { FILE_COLUMNS, ORPHAN_AGE_MS, sweepOrphans } from './orphans'
import { configuredStore } from './storage-config'
import { useFileStore, type FileStore } from './store'
import '../composition'
import { runPeriodicTasks } from '../jobs'

setupTestDb()
let s3: S3Emulator
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-orphans-'))
beforeAll(async () => {
  s3 = await startS3Emulator()
})
afterAll(async () => {
  await s3?.stop()
  fs.rmSync(folder, { recursive: true, force: true })
})

type Case = { store: FileStore; backdate: (key: string, ms: number, size: number) => Promise<void> }
const stores: Array<[string, () => Case]> = [
  [
    'the data folder',
    () => {
      const dir = path.join(folder, crypto.randomUUID())
      const store = new FolderStore(() => dir)
      return {
        store,
        backdate: async (key, ms) => fs.utimesSync(store.path(key), new Date(Date.now() - ms), new Date(Date.now() - ms)),
      }
    },
  ],
  [
    'a bucket (s3rver)',
    () => {
      const store = s3.store(`orphans-${crypto.randomUUID().slice(0, 8)}`)
      return { store, backdate: (key, ms, size) => s3.backdate(store.objectKey(key), ms, size) }
    },
  ],
]

const keysOf = async (store: FileStore) => {
  const keys: string[] = []
  for await (const { key } of store.list()) keys.push(key)
  return keys.sort()
}

test('FILE_COLUMNS holds every column of the schema that names a stored file', () => {
  const looksLikeFile = /(_key$|photo|thumb|video|image)/
  const inSchema = Object.values(schema)
    .filter((t) => is(t, SQLiteTable))
    .flatMap((t) => getTableConfig(t as SQLiteTable).columns.filter((c) => looksLikeFile.test(c.name)).map((c) => `${getTableConfig(t as SQLiteTable).name}.${c.name}`))
  const listed = FILE_COLUMNS.map((c) => `${getTableConfig(c.table as SQLiteTable).name}.${c.name}`)
  expect(listed.sort()).toEqual(inSchema.sort())
})

describe.each(stores)('the sweep in %s', (_name, make) => {
  test('removes only files no row names that are older than the safety age; rows of every kind keep theirs', async () => {
    const { store, backdate } = make()
    const { named, owners } = await rowsForEveryKind()
    const oldOrphans = [newKey('property-images', owners.property, 'webp'), newKey('referral-documents', owners.referral, 'pdf'), newKey('license-proofs', owners.operator, 'pdf')]
    const youngOrphan = newKey('operator-profiles', owners.operator, 'webp')
    const foreign = 'lost+found/somebody-else.txt' // not a key Homeward makes: never its to remove
    for (const key of [...named, ...oldOrphans, youngOrphan, foreign]) await store.write(key, new Uint8Array(10).fill(1))
    await store.write(MOVED_NOTE, new TextEncoder().encode('{}')) // a store's note is not a file either
    const old = [...named, ...oldOrphans, foreign, MOVED_NOTE]
    for (const key of old) await backdate(key, 2 * DAY, key === MOVED_NOTE ? 2 : 10)
    await backdate(youngOrphan, ORPHAN_AGE_MS - HOUR, 10)
    const everything = await keysOf(store)

    const dry = await sweepOrphans(db, store, { olderThanMs: ORPHAN_AGE_MS, dryRun: true })
    expect(dry).toEqual({ checked: named.length + oldOrphans.length + 1, young: 1, orphans: oldOrphans.length, bytes: 10 * oldOrphans.length })
    expect(await keysOf(store)).toEqual(everything)

    // Batches of two: the keys of one row kind fall into different queries.
    const removed: string[] = []
    const swept = await sweepOrphans(db, store, { olderThanMs: ORPHAN_AGE_MS, batchSize: 2, onOrphan: (f) => removed.push(f.key) })
    expect(swept).toEqual(dry)
    expect(removed.sort()).toEqual([...oldOrphans].sort())
    expect(await keysOf(store)).toEqual(everything.filter((k) => !oldOrphans.includes(k)))

    // With no age limit (a restore, servers stopped) the young orphan goes too; named files still stay.
    const all = await sweepOrphans(db, store, { olderThanMs: 0 })
    expect(all.orphans).toBe(1)
    expect(await keysOf(store)).toEqual([...named, foreign, MOVED_NOTE].sort())
  })

  test('a file whose row goes becomes an orphan; one a new row names is kept', async () => {
    const { store, backdate } = make()
    const { owners } = await rowsForEveryKind()
    const [kept, dropped] = [newKey('property-images', owners.property, 'webp'), newKey('property-images', owners.property, 'webp')]
    for (const key of [kept, dropped]) {
      await store.write(key, new Uint8Array(5))
      await backdate(key, 2 * DAY, 5)
      await db.insert(property_media).values({ property_id: owners.property, kind: 'image', storage_key: key, mime_type: 'image/webp', size_bytes: 5, position: 9 }).run()
    }
    expect((await sweepOrphans(db, store, { olderThanMs: ORPHAN_AGE_MS })).orphans).toBe(0)
    await db.delete(property_media).where(eq(property_media.storage_key, dropped)).run()
    expect((await sweepOrphans(db, store, { olderThanMs: ORPHAN_AGE_MS })).orphans).toBe(1)
    expect(await store.size(kept)).toBe(5)
    expect(await store.size(dropped)).toBeNull()
  })
})

test('the server sweeps the store it uses as a periodic task', async () => {
  const store = new FolderStore(() => path.join(folder, 'periodic'))
  const { named, owners } = await rowsForEveryKind()
  const orphan = newKey('property-videos', owners.property, 'mp4')
  for (const key of [named[0]!, orphan]) {
    await store.write(key, new Uint8Array(3))
    fs.utimesSync(store.path(key), new Date(Date.now() - 2 * DAY), new Date(Date.now() - 2 * DAY))
  }
  useFileStore(store)
  try {
    await runPeriodicTasks(db)
  } finally {
    useFileStore(configuredStore())
  }
  expect(await keysOf(store)).toEqual([named[0]!])
})
