/**
 * Start-up loads only what serving needs: image processing, mail
 * transport, the calendar-invitation writer (ics), the Stripe SDK, file-type
 * detection and the ZIP package load on first use, never when the server starts.
 */
import { expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dir, '..')
// postgres: the PostgreSQL driver loads only when DATABASE_URL is set. React, its server renderer,
// the router and react-query: with the first page the server renders (server/ssr, ADR 027). prom-client: only
// when METRICS_TOKEN is set (server/metrics).
const LAZY = ['prom-client', 'sharp', 'stripe', 'nodemailer', 'ics', 'file-type', 'zipcodes', 'qrcode', 'bun-plugin-tailwind', 'postgres', 'react', 'react-dom', 'react-router', '@tanstack/react-query']

test('creating the app and booting the database loads none of the heavy packages', async () => {
  const script = `
    const { boot } = await import('./server/boot'); await boot()
    const { createApp } = await import('./server/app'); await import('./server/main')
    const app = createApp({})
    const res = await app.request('/api/health')
    console.log(res.status + ' ' + JSON.stringify(Object.keys(require.cache)))`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-startup-'))
  const proc = Bun.spawn([process.execPath, '-e', script], {
    cwd: root,
    // On SQLite whatever engine the test run uses: the start of the default set-up is what is measured.
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const out = await new Response(proc.stdout).text()
  expect(await proc.exited).toBe(0)
  fs.rmSync(dataDir, { recursive: true, force: true })
  const [status, list] = [out.slice(0, 3), out.slice(4)]
  expect(status).toBe('200')
  const loaded = (JSON.parse(list) as string[]).map((m) => m.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1]).filter(Boolean)
  expect(loaded).toContain('hono') // the list is real
  expect(loaded.filter((p) => LAZY.includes(p!))).toEqual([])
})
