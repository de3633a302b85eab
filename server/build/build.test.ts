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
    // Port 0: the system picks a free port (parallel runs never collide); the child says which.
    const script = `const { serve } = require(${JSON.stringify(bundle)}); const server = await serve({ client: { dir: ${JSON.stringify(tmp)} }, port: 0 }); console.log('listening on port ' + server.port)`
    const server = Bun.spawn([process.execPath, '-e', script], {
      // On SQLite whatever engine the run uses: the bundle is the same for both.
      env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', SCHEDULER: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'development', DATABASE_URL: '' },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    try {
      const port = await portAnnounced(server.stdout)
      const health = await fetch(`http://127.0.0.1:${port}/api/health`)
      expect(health.status).toBe(200)
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

/** The port a child server prints once it listens ("listening on port N"); fails if it exits first. */
async function portAnnounced(stdout: ReadableStream<Uint8Array>) {
  let printed = ''
  const decoder = new TextDecoder()
  const reader = stdout.getReader()
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    printed += decoder.decode(read.value, { stream: true })
    const port = /listening on port (\d+)/.exec(printed)?.[1]
    if (port) return Number(port)
  }
  throw new Error(`the server exited before listening:\n${printed}`)
}
