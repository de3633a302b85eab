/** /api/health as a load balancer reads it (ADR 022): ready, shutting down, database gone. */
import { afterEach, expect, test } from 'bun:test'
import { createApp } from '../app'
import { closeHandle, openDatabase, useDatabase } from '../db/client'
import { setupTestDb } from '../test/setup'
import { startDraining, stopDraining } from './lifecycle'

const t = setupTestDb()
afterEach(() => {
  stopDraining()
  useDatabase(t.db)
})

test('ready: 200 with the version', async () => {
  const res = await createApp().request('/api/health')
  expect(res.status).toBe(200)
  expect((await res.json()).ok).toBe(true)
})

test('shutting down: 503 not_ready, so the balancer sends traffic elsewhere', async () => {
  startDraining()
  const res = await createApp().request('/api/health')
  expect(res.status).toBe(503)
  expect(res.headers.get('retry-after')).toBe('1')
  expect((await res.json()).error).toEqual({ code: 'not_ready', message: 'This instance is shutting down' })
})

test('its database does not answer: 503 not_ready', async () => {
  const gone = await openDatabase(t.target, { poolSize: 1 })
  await closeHandle(gone)
  useDatabase(gone)
  const res = await createApp().request('/api/health')
  expect(res.status).toBe(503)
  expect((await res.json()).error.message).toBe('The database does not answer')
})
