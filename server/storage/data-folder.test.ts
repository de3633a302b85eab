/**
 * The data folder is private (ADR 013): created 0700 with every
 * file 0600 whatever the umask, a looser existing folder tightened at start
 * with a log line, interrupted uploads removed, and no start without the key
 * that sealed the data. Each case runs the real CLI in a fresh process.
 */
import { describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { UPLOADS_IN_PROGRESS_DIR } from './files'

const root = path.resolve(import.meta.dir, '../..')

/**
 * `bin/homeward <args>` on `dataDir`, started with the permissive umask 022.
 * Always on SQLite, whose database is a file of the folder (also in a
 * PostgreSQL test run, whose DATABASE_URL names the run's template database).
 */
function homeward(dataDir: string, args: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawnSync(['sh', '-c', `umask 022 && exec "${process.execPath}" bin/homeward.ts ${args.join(' ')}`], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'development', SEED_DEMO: 'false', HOMEWARD_SECRET_KEY: '', DATABASE_URL: '', ...env },
  })
  return { code: proc.exitCode, out: proc.stdout.toString() + proc.stderr.toString() }
}

function modes(dir: string) {
  const out: Record<string, string> = { '.': (fs.statSync(dir).mode & 0o777).toString(8) }
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name)
    out[path.relative(dir, full)] = (fs.statSync(full).mode & 0o777).toString(8)
  }
  return out
}

const fresh = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-folder-')), 'data')

describe('the data folder', () => {
  test('a new one is 0700 with every file 0600, under umask 022', () => {
    const dir = fresh()
    const run = homeward(dir, ['seed', '--properties', '3'])
    expect(run.code).toBe(0)
    const found = modes(dir)
    expect(Object.keys(found)).toEqual(expect.arrayContaining(['.', 'homeward.db', 'keys.json']))
    for (const [name, mode] of Object.entries(found)) {
      expect(`${name} ${mode}`).toBe(`${name} ${fs.statSync(path.join(dir, name)).isDirectory() ? '700' : '600'}`)
    }
    fs.rmSync(path.dirname(dir), { recursive: true, force: true })
  })

  test('an existing looser one is tightened at start, with a log line; interrupted uploads are removed by the server only', () => {
    const dir = fresh()
    expect(homeward(dir, ['migrate']).code).toBe(0)
    fs.chmodSync(dir, 0o755)
    fs.chmodSync(path.join(dir, 'homeward.db'), 0o644)
    const incoming = path.join(dir, UPLOADS_IN_PROGRESS_DIR)
    fs.mkdirSync(incoming, { recursive: true, mode: 0o755 })
    fs.writeFileSync(path.join(incoming, 'left-by-a-crash.part'), 'hw1:sealed-bytes', { mode: 0o644 })

    const run = homeward(dir, ['migrate'])
    expect(run.code).toBe(0)
    expect(run.out).toContain('data folder permissions tightened')
    expect(Object.values(modes(dir)).filter((m) => m !== '700' && m !== '600')).toEqual([])
    // A CLI command never clears uploads in progress (a server may be receiving them).
    expect(fs.existsSync(path.join(incoming, 'left-by-a-crash.part'))).toBe(true)
    fs.rmSync(path.dirname(dir), { recursive: true, force: true })
  })

  test('a database with sealed data does not open without its key, and says which key', () => {
    const dir = fresh()
    expect(homeward(dir, ['seed']).code).toBe(0) // the demo data: referrals sealed with a new keys.json
    fs.rmSync(path.join(dir, 'keys.json'))
    const run = homeward(dir, ['referrals', 'list'])
    expect(run.code).not.toBe(0)
    expect(run.out).toContain('HOMEWARD_SECRET_KEY')
    expect(run.out).toContain('keys.json')
    expect(fs.existsSync(path.join(dir, 'keys.json'))).toBe(false) // no new key was made over the old data
    fs.rmSync(path.dirname(dir), { recursive: true, force: true })
  })
})

describe('interrupted uploads', () => {
  test('the server removes what the in-progress folder (and an older version\'s uploads/incoming) holds at start', async () => {
    const { removeInterruptedUploads } = await import('./data-folder')
    const dir = fresh()
    fs.mkdirSync(path.join(dir, UPLOADS_IN_PROGRESS_DIR), { recursive: true })
    fs.writeFileSync(path.join(dir, UPLOADS_IN_PROGRESS_DIR, 'a.part'), 'hw1:x')
    const legacy = path.join(dir, 'uploads', 'incoming', 'documents')
    fs.mkdirSync(legacy, { recursive: true })
    fs.writeFileSync(path.join(legacy, 'b.part'), 'hw1:x')
    fs.mkdirSync(path.join(dir, 'uploads', 'referral-documents', 'r1'), { recursive: true })
    fs.writeFileSync(path.join(dir, 'uploads', 'referral-documents', 'r1', 'kept.pdf'), 'hw1:y')
    removeInterruptedUploads(dir)
    expect(fs.existsSync(path.join(dir, UPLOADS_IN_PROGRESS_DIR))).toBe(false)
    expect(fs.existsSync(path.join(dir, 'uploads', 'incoming'))).toBe(false)
    expect(fs.existsSync(path.join(dir, 'uploads', 'referral-documents', 'r1', 'kept.pdf'))).toBe(true)
    fs.rmSync(path.dirname(dir), { recursive: true, force: true })
  })

  test('on a folder shared by several instances, an upload another instance is writing now is left alone', async () => {
    const { removeInterruptedUploads } = await import('./data-folder')
    const dir = fresh()
    const folder = path.join(dir, UPLOADS_IN_PROGRESS_DIR)
    fs.mkdirSync(folder, { recursive: true })
    fs.writeFileSync(path.join(folder, 'stale.part'), 'hw1:x')
    const dayAgo = new Date(Date.now() - 25 * 3_600_000)
    fs.utimesSync(path.join(folder, 'stale.part'), dayAgo, dayAgo)
    fs.writeFileSync(path.join(folder, 'being-written.part'), 'hw1:x')
    removeInterruptedUploads(dir, 24 * 3_600_000)
    expect(fs.readdirSync(folder)).toEqual(['being-written.part'])
    fs.rmSync(path.dirname(dir), { recursive: true, force: true })
  })
})
