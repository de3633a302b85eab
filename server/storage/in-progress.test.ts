/**
 * Files are written whole before they get their place: while an upload
 * arrives it lives in DATA_DIR/uploads-in-progress (0600), which backups
 * leave out, so a backup taken during an upload never carries (and a restore
 * never brings back) a partial file. Real uploads through the app, held
 * half-way while a real backup of the data folder is taken.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createBackup } from '../cli/backup'
import { ENGINE } from '../db/client'
import { dataDir } from '../env'
import { insertReferral, invite } from '../features/messaging/test-fixtures'
import { mp4Bytes } from '../test/media-fixtures'
import { createUser, fakeServer, setupTestDb, type TestAgent } from '../test/setup'
import { filePath, UPLOADS_IN_PROGRESS_DIR, writeFile } from './files'
import { eventually } from '../test/eventually'

setupTestDb()

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-in-progress-'))
const liveDb = () => path.join(dataDir(), 'homeward.db')
afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true })
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(liveDb() + suffix, { force: true })
})

const inProgress = () => path.join(dataDir(), UPLOADS_IN_PROGRESS_DIR)
const filesIn = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)) : []

/**
 * A multipart upload whose first `headBytes` arrive at once and the rest only
 * after `release()`: the upload is in progress meanwhile.
 */
function heldUpload(agent: TestAgent, url: string, field: string, filename: string, head: Uint8Array, padding: number) {
  const boundary = `held${crypto.randomUUID().replace(/-/g, '')}`
  const enc = new TextEncoder()
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`))
      controller.enqueue(head)
      controller.enqueue(new Uint8Array(padding).fill(0x20))
      await held
      controller.enqueue(enc.encode(`\r\n--${boundary}--\r\n`))
      controller.close()
    },
  })
  const response = agent.app.request(
    url,
    { method: 'POST', body, headers: { cookie: agent.cookie!, 'content-type': `multipart/form-data; boundary=${boundary}` }, duplex: 'half' } as RequestInit,
    fakeServer(agent.ip),
  )
  return { response, release }
}

/** Waits until a file of at least `size` bytes is being written somewhere under DATA_DIR (outside the database). */
function partialOnDisk(size: number, known: Set<string>) {
  return eventually('the upload to reach the disk', () =>
    filesIn(dataDir()).filter((f) => !known.has(f) && !/\.db(-wal|-shm)?$/.test(f)).find((f) => fs.statSync(f).size >= size),
  )
}

/** A backup of DATA_DIR now (the live database is this file's copy), and the paths it holds. */
async function backupEntries(name: string) {
  fs.copyFileSync(process.env.HOMEWARD_TEMPLATE_DB!, liveDb())
  const archive = path.join(scratch, `${name}.tar.gz`)
  await createBackup(archive)
  const list = Bun.spawnSync(['tar', '-tzf', archive])
  return list.stdout.toString().split('\n').filter(Boolean)
}

describe('an upload in progress', () => {
  test.skipIf(ENGINE !== 'sqlite')('a document arriving during a backup is not in it; once whole, it is in the next one (SQLite only: the backup here reads the database file copied into DATA_DIR)', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const operator = await createUser({ roles: ['operator'] })
    const referral = await insertReferral(referrer.id)
    await invite(referral.id, operator.id, referrer.id)
    const known = new Set(filesIn(dataDir()))
    const pdf = new TextEncoder().encode('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n')
    const upload = heldUpload(operator.agent, `/api/referrals/${referral.id}/documents`, 'file', 'care-plan.pdf', pdf, 300_000)

    // Sealed in 64 KiB chunks, the last one held back until the end is known (lib/sealed-file.ts): most of it is on disk.
    const partial = await partialOnDisk(200_000, known)
    const during = await backupEntries('during-document')
    const partialEntry = path.relative(dataDir(), partial)
    expect(during.filter((e) => e === partialEntry || e.endsWith('.part'))).toEqual([])
    expect(during.filter((e) => e.includes(UPLOADS_IN_PROGRESS_DIR) || e.includes(`referral-documents/${referral.id}/`) && !e.endsWith('/'))).toEqual([])
    // The partial file is in the in-progress folder, owner-only, sealed.
    expect(path.dirname(partial)).toBe(inProgress())
    expect(fs.statSync(partial).mode & 0o777).toBe(0o600)
    expect(fs.readFileSync(partial).subarray(0, 4).toString()).toBe('hw2:')

    upload.release()
    const res = await upload.response
    expect(res.status).toBe(201)
    expect(filesIn(inProgress())).toEqual([])
    const after = await backupEntries('after-document')
    expect(after.filter((e) => e.includes(`referral-documents/${referral.id}/`) && e.endsWith('.pdf'))).toHaveLength(1)
  })

  test.skipIf(ENGINE !== 'sqlite')('a video streaming in is not in its place (nor in a backup) until it is whole (SQLite only: the backup here reads the database file copied into DATA_DIR)', async () => {
    const operator = await createUser({ roles: ['operator'], plan: 'premium' })
    const known = new Set(filesIn(dataDir()))
    const upload = heldUpload(operator.agent, '/api/my/profile/video', 'file', 'hello.mp4', mp4Bytes(), 2_000_000)

    const partial = await partialOnDisk(1_000_000, known)
    const during = await backupEntries('during-video')
    expect(during.filter((e) => e.includes(UPLOADS_IN_PROGRESS_DIR) || (e.includes(`operator-profiles/${operator.id}/`) && !e.endsWith('/')))).toEqual([])
    const videos = path.dirname(filePath(`operator-profiles/${operator.id}/x.mp4`))
    expect(filesIn(videos)).toEqual([])
    expect(path.dirname(partial)).toBe(inProgress())
    expect(fs.statSync(partial).mode & 0o777).toBe(0o600)

    upload.release()
    const res = await upload.response
    expect(res.status).toBe(201)
    expect(filesIn(videos)).toHaveLength(1)
    expect(filesIn(inProgress())).toEqual([])
  })

  test('an upload that fails half-way leaves nothing behind', async () => {
    const operator = await createUser({ roles: ['operator'], plan: 'premium' })
    const known = new Set(filesIn(dataDir()))
    const boundary = 'broken'
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\n`))
        controller.enqueue(mp4Bytes(200_000))
        controller.close() // ends before the closing boundary
      },
    })
    const res = await operator.agent.app.request(
      '/api/my/profile/video',
      { method: 'POST', body, headers: { cookie: operator.agent.cookie!, 'content-type': `multipart/form-data; boundary=${boundary}` }, duplex: 'half' } as RequestInit,
      fakeServer(),
    )
    expect(res.status).toBe(400)
    expect(filesIn(dataDir()).filter((f) => !known.has(f) && !/\.db(-wal|-shm)?$/.test(f))).toEqual([])
  })

  test('writeFile (photos) writes 0600 through the in-progress folder and leaves nothing there', async () => {
    const key = `operator-profiles/${crypto.randomUUID()}/photo.webp`
    await writeFile(key, new Uint8Array(1000).fill(7))
    expect(fs.statSync(filePath(key)).mode & 0o777).toBe(0o600)
    expect(fs.statSync(filePath(key)).size).toBe(1000)
    expect(filesIn(inProgress())).toEqual([])
  })
})
