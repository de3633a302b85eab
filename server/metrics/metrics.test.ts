import { describe, expect, test } from 'bun:test'
import { createApp } from '../app'
import { database } from '../db/client'
import { transaction } from '../db/unit-of-work'
import { scheduleJob } from '../jobs/scheduler'
import { clock } from '../lib/clock'
import { enqueueEmail } from '../mail/outbox'
import { createUser, setupTestDb } from '../test/setup'
import { addProperty, uniqueCity } from '../features/properties/property-fixtures'
import { startMetrics } from './metrics'

setupTestDb()

const TOKEN = 'metrics-token-of-the-tests-0123456789'
const bearer = { authorization: `Bearer ${TOKEN}` }

/** One sample's value from the Prometheus text (labels in the order prom-client writes them). */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `))
  return line === undefined ? undefined : Number(line.split(' ').at(-1))
}

async function withMetrics() {
  const app = createApp({ metrics: await startMetrics(database(), TOKEN) })
  const scrape = async () => {
    const res = await app.request('/metrics', { headers: bearer })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toStartWith('text/plain')
    return res.text()
  }
  return { app, scrape }
}

describe('GET /metrics', () => {
  test('is refused without the bearer token, and absent when metrics are off', async () => {
    const { app } = await withMetrics()
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer wrong-token-of-the-same-size-000000' }, { authorization: TOKEN }]) {
      const res = await app.request('/metrics', { headers })
      expect(res.status).toBe(401)
      expect(await res.text()).not.toContain('homeward_')
    }
    // Without METRICS_TOKEN createApp gets no metrics: /metrics is an unknown page (no client here: the 404 JSON).
    const off = await createApp().request('/metrics', { headers: bearer })
    expect(off.status).toBe(404)
  })

  test('counts requests by route pattern and the search cache by hit and miss', async () => {
    const { app, scrape } = await withMetrics()
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const city = uniqueCity()
    const home = await addProperty(op.id, { city, latitude: 30.2428, longitude: -97.7658 })
    const before = await scrape()
    const search = `/api/properties?zip=78704&radius=25&city=${encodeURIComponent(city)}`
    for (let i = 0; i < 3; i++) expect((await app.request(search)).status).toBe(200)
    expect((await app.request(`/api/properties/${home.id}`)).status).toBe(200)
    expect((await app.request('/api/properties/not-a-home')).status).toBe(404)
    const after = await scrape()

    const delta = (name: string, labels: string) => (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0)
    expect(delta('homeward_http_requests_total', 'method="GET",route="/api/properties",status="200"')).toBe(3)
    expect(delta('homeward_http_requests_total', 'method="GET",route="/api/properties/:id",status="200"')).toBe(1)
    expect(delta('homeward_http_requests_total', 'method="GET",route="/api/properties/:id",status="404"')).toBe(1)
    expect(delta('homeward_http_request_duration_seconds_count', 'method="GET",route="/api/properties"')).toBe(3)
    // The first search computes and keeps its body; the two repeats are answered from the cache.
    expect(delta('homeward_cache_requests_total', 'cache="search",result="miss"')).toBe(1)
    expect(delta('homeward_cache_requests_total', 'cache="search",result="hit"')).toBe(2)
    // The URL itself never becomes a label.
    expect(after).not.toContain(home.id)
    expect(after).not.toContain(city)
  })

  test('reports queues, units of work, live streams and password hashing', async () => {
    const { scrape } = await withMetrics()
    const kind = `metrics-test-${crypto.randomUUID().slice(0, 8)}`
    await transaction(database(), async (tx) => {
      await scheduleJob(tx, { kind, key: `${kind}-1`, runAt: new Date(clock.ms() - 1000) })
      await scheduleJob(tx, { kind, key: `${kind}-2`, runAt: new Date(clock.ms() - 1000) })
      // Not due yet: not in the depth.
      await scheduleJob(tx, { kind, key: `${kind}-3`, runAt: new Date(clock.ms() + 3_600_000) })
    })
    const pendingBefore = sample(await scrape(), 'homeward_outbox_messages', 'status="pending"') ?? 0
    await transaction(database(), (tx) => enqueueEmail(tx, { to: 'someone@test.local', type: 'metrics_test', subject: 'Subject', text: 'Text', html: '<p>Text</p>' }))
    const text = await scrape()
    expect(sample(text, 'homeward_jobs_due', `kind="${kind}"`)).toBe(2)
    expect(sample(text, 'homeward_outbox_messages', 'status="pending"')).toBe(pendingBefore + 1)
    expect(sample(text, 'homeward_db_transaction_wait_seconds_count')).toBeGreaterThanOrEqual(2)
    expect(sample(text, 'homeward_db_transactions_open')).toBe(0)
    expect(sample(text, 'homeward_sse_connections')).toBe(0)
    expect(sample(text, 'homeward_password_hashes', 'state="running"')).toBe(0)
    expect(sample(text, 'homeward_password_hash_slots')).toBeGreaterThanOrEqual(1)
    expect(text).toContain('homeward_process_resident_memory_bytes')
  })
})
