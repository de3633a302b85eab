import { afterAll, describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { recordInputs, upToDate } from './cache'
import { buildServer, prebuiltServer } from './server-bundle'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-build-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

describe('build cache: an output is reused only while every input is unchanged', () => {
  const src = path.join(tmp, 'src')
  const out = path.join(tmp, 'out')
  fs.mkdirSync(src)
  fs.mkdirSync(out)
  const a = path.join(src, 'a.ts')
  const b = path.join(src, 'b.ts')

  test('unchanged, touched, edited, deleted', () => {
    fs.writeFileSync(a, 'export const a = 1')
    fs.writeFileSync(b, 'export const b = 2')
    expect(upToDate(out)).toBe(false) // never built
    recordInputs(out, { [a]: {}, [b]: {}, '<runtime>': {} })
    expect(upToDate(out)).toBe(true)

    fs.utimesSync(a, new Date(), new Date(Date.now() + 5000)) // touched, same bytes
    expect(upToDate(out)).toBe(true)

    fs.writeFileSync(b, 'export const b = 3') // edited
    expect(upToDate(out)).toBe(false)

    recordInputs(out, { [a]: {}, [b]: {} })
    expect(upToDate(out)).toBe(true)
    fs.rmSync(a) // deleted
    expect(upToDate(out)).toBe(false)
  })
})

describe('prebuilt server', () => {
  const out = path.join(tmp, 'server')

  test('is built, reused while fresh, and serves the real app from one file', async () => {
    await buildServer(out)
    const bundle = prebuiltServer(out)
    expect(bundle).toBe(path.join(out, 'main.js'))

    const dataDir = path.join(tmp, 'data')
    const port = 3290 + Math.floor(Math.random() * 5)
    const script = `const { serve } = require(${JSON.stringify(bundle)}); await serve({ client: { dir: ${JSON.stringify(tmp)} }, port: ${port} })`
    const server = Bun.spawn([process.execPath, '-e', script], {
      // On SQLite whatever engine the run uses: the bundle is the same for both.
      env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', SCHEDULER: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'development', DATABASE_URL: '' },
      stdout: 'ignore',
      stderr: 'pipe',
    })
    try {
      let health: Response | null = null
      for (let i = 0; i < 200 && !health; i++) {
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null)
        if (!health) await Bun.sleep(50)
      }
      expect(health?.status).toBe(200)
      // Migrations ran on the new data folder, and the ZIP data resolves from the bundle.
      expect(fs.existsSync(path.join(dataDir, 'homeward.db'))).toBe(true)
      const zip = await fetch(`http://127.0.0.1:${port}/api/geo/zip/10001`)
      expect(await zip.json()).toMatchObject({ city: 'New York', state: 'NY' })
    } finally {
      server.kill()
      await server.exited
    }
  }, 60_000)
})
