import { createHash, timingSafeEqual } from 'node:crypto'
import { and, count, eq, lte, ne } from 'drizzle-orm'
import type { Handler, MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import type { DB } from '../db/client'
import { engineOf } from '../db/client'
import { jobs, outbox } from '../db/schema'
import { observeUnitWaits, openUnits } from '../db/unit-of-work'
import { env } from '../env'
import { unauthorized } from '../errors'
import { HASH_CONCURRENCY, hashLoad } from '../features/auth'
import { cacheCounts } from '../lib/cache-stats'
import { clock } from '../lib/clock'
import { hub } from '../realtime/hub'
import type { AppEnv } from '../types'

/** What createApp mounts when metrics are on: the recorder of every request and GET /metrics. */
export type Metrics = { record: MiddlewareHandler<AppEnv>; handler: Handler<AppEnv> }

/** Seconds: from a cached search (about 0.1 ms) to a slow upload. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10]
const WAIT_BUCKETS = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5]

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * GET /metrics in the Prometheus text format (README, "Monitoring"), for the
 * operators who scrape it: each instance answers for itself (its requests, its
 * caches, its connections); the queue depths are read from the database and are
 * the same on every instance. prom-client loads here, only when METRICS_TOKEN is
 * set (25 ms of start-up the others do not pay, ADR 011). Request latency is
 * labelled by route pattern (`/api/properties/:id`), never by URL: a bounded set.
 */
export async function startMetrics(db: DB, token: string): Promise<Metrics> {
  const client = await import('prom-client')
  const registry = new client.Registry()
  const registers = [registry]
  client.collectDefaultMetrics({ register: registry, prefix: 'homeward_' })

  const requests = new client.Counter({ name: 'homeward_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers })
  const latency = new client.Histogram({ name: 'homeward_http_request_duration_seconds', help: 'Time to the response (its headers; a stream counts until it starts), by method and route pattern', labelNames: ['method', 'route'], buckets: LATENCY_BUCKETS, registers })

  new client.Counter({
    name: 'homeward_cache_requests_total',
    help: 'Lookups of the server caches by result: search (the public search), public_read (sitemap and other public reads), rendered_page (server-rendered pages)',
    labelNames: ['cache', 'result'],
    registers,
    collect() {
      this.reset()
      for (const c of cacheCounts()) {
        this.inc({ cache: c.cache, result: 'hit' }, c.hits)
        this.inc({ cache: c.cache, result: 'miss' }, c.misses)
      }
    },
  })
  new client.Gauge({ name: 'homeward_sse_connections', help: 'Live event streams (GET /api/events) open on this instance', registers, collect() { this.set(hub.connectionCount()) } })
  new client.Gauge({
    name: 'homeward_password_hashes',
    help: 'Password hashes running and waiting for a slot (503 server_busy past the queue limit)',
    labelNames: ['state'],
    registers,
    collect() {
      const load = hashLoad()
      this.set({ state: 'running' }, load.running)
      this.set({ state: 'waiting' }, load.waiting)
    },
  })
  new client.Gauge({ name: 'homeward_password_hash_slots', help: 'Password hashes that may run at once (PASSWORD_HASH_CONCURRENCY)', registers, collect() { this.set(HASH_CONCURRENCY) } })

  const engine = engineOf(db)
  new client.Gauge({ name: 'homeward_db_pool_size', help: 'Connections of this instance: the PostgreSQL pool (DATABASE_POOL_SIZE), or SQLite\'s one writer', labelNames: ['engine'], registers, collect() { this.set({ engine }, engine === 'postgres' ? env.DATABASE_POOL_SIZE : 1) } })
  new client.Gauge({ name: 'homeward_db_transactions_open', help: 'Units of work (write transactions) open now: each holds a pooled connection (PostgreSQL) or the write lock (SQLite)', registers, collect() { this.set(openUnits()) } })
  const waits = new client.Histogram({ name: 'homeward_db_transaction_wait_seconds', help: 'How long a unit of work waited for its connection (PostgreSQL) or the write lock (SQLite)', buckets: WAIT_BUCKETS, registers })
  observeUnitWaits((seconds) => waits.observe(seconds))

  // Queue depths, shared by every instance: read at scrape time, by the indexes the runners use (jobs_due_idx, outbox_status_idx).
  new client.Gauge({
    name: 'homeward_jobs_due',
    help: 'Scheduled jobs due and not yet run, by kind',
    labelNames: ['kind'],
    registers,
    async collect() {
      this.reset()
      const due = await db.select({ kind: jobs.kind, n: count() }).from(jobs).where(and(eq(jobs.status, 'pending'), lte(jobs.run_at, clock.now()))).groupBy(jobs.kind)
      for (const d of due) this.set({ kind: d.kind }, Number(d.n))
    },
  })
  new client.Gauge({
    name: 'homeward_outbox_messages',
    help: 'E-mails in the outbox not yet sent, by status (pending: waiting or retrying; failed: gave up, an admin may retry)',
    labelNames: ['status'],
    registers,
    async collect() {
      this.reset()
      this.set({ status: 'pending' }, 0)
      this.set({ status: 'failed' }, 0)
      const waiting = await db.select({ status: outbox.status, n: count() }).from(outbox).where(ne(outbox.status, 'sent')).groupBy(outbox.status)
      for (const w of waiting) this.set({ status: w.status }, Number(w.n))
    },
  })

  const expected = digest(`Bearer ${token}`)
  return {
    async record(c, next) {
      const started = performance.now()
      await next()
      const route = routePath(c)
      latency.observe({ method: c.req.method, route }, (performance.now() - started) / 1000)
      requests.inc({ method: c.req.method, route, status: String(c.res.status) })
    },
    async handler(c) {
      // Compared as digests: equal lengths, in constant time.
      if (!timingSafeEqual(digest(c.req.header('authorization') ?? ''), expected)) throw unauthorized('errors.metricsNeedBearerTokenMetrics')
      return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' })
    },
  }
}
