/**
 * The key ring on a data folder shared by several instances:
 * processes starting together on an empty folder all seal with one key, and
 * one that finds a key it does not know reads the file again (another
 * instance rotated).
 */
import { expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dir, '../..')

test('six processes creating the first key at the same moment end up with the same one', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-keys-'))
  try {
    const script = `const { currentKeyId } = await import(${JSON.stringify(path.join(root, 'server/lib/crypto.ts'))}); console.log(currentKeyId())`
    const env = { ...process.env, DATA_DIR: dir, HOMEWARD_SECRET_KEY: '' }
    const children = Array.from({ length: 6 }, () => Bun.spawn([process.execPath, '-e', script], { env, stdout: 'pipe', stderr: 'inherit' }))
    const ids = await Promise.all(children.map(async (child) => (await new Response(child.stdout).text()).trim()))
    expect(new Set(ids).size).toBe(1)
    const ring = JSON.parse(fs.readFileSync(path.join(dir, 'keys.json'), 'utf8'))
    expect(ring.current).toBe(ids[0])
    expect(fs.statSync(path.join(dir, 'keys.json')).mode & 0o777).toBe(0o600)
    expect(fs.readdirSync(dir)).toEqual(['keys.json']) // no temporary file left behind
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}, 30_000)

test('a value sealed with a key another instance added is opened after reading the file again', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-keys-'))
  try {
    const env = { ...process.env, DATA_DIR: dir, HOMEWARD_SECRET_KEY: '' }
    const crypto = JSON.stringify(path.join(root, 'server/lib/crypto.ts'))
    // This "instance" loads the ring, then another rotates and seals with the new key; this one must open it.
    const script = `
      const { currentKeyId, decrypt } = await import(${crypto})
      const before = currentKeyId()
      const other = Bun.spawnSync([process.execPath, '-e', 'const c = await import(${crypto.replace(/"/g, '\\"')}); c.addKey(); console.log(c.encrypt("sealed elsewhere"))'], { env: process.env })
      const sealed = other.stdout.toString().trim()
      console.log(JSON.stringify({ before, opened: decrypt(sealed) }))`
    const child = Bun.spawn([process.execPath, '-e', script], { env, stdout: 'pipe', stderr: 'inherit' })
    const out = JSON.parse((await new Response(child.stdout).text()).trim())
    expect(out.opened).toBe('sealed elsewhere')
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'keys.json'), 'utf8')).current).not.toBe(out.before)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}, 30_000)
