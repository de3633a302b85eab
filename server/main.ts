import { createApp } from './app'
import { boot } from './boot'
import { closeDatabase, engineOf, exclusively, isEmpty } from './db/client'
import { DAY } from './lib/clock'
import { dataDir, env, isProduction, publicUrl } from './env'
import { removeInterruptedUploads } from './storage/data-folder'
import { checkStorageAtStart } from './storage/storage-check'
import { MAX_VIDEO_BYTES } from './features/properties'
import { seedDemo, DEMO_ACCOUNTS, DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD } from './seed'
import { startScheduler, stopScheduler } from './jobs'
import { startDraining } from './lib/lifecycle'
import { closeAllStreams } from './realtime/sse'
import type { ClientAssets } from './static'
import { log } from './lib/logger'
import { holdServerLock } from './cli/server-lock'

/**
 * Starts Homeward: migrate, seed a new database with the demo data (never in
 * production), start the scheduler and serve the API and the client.
 */
export async function serve(opts: { client: ClientAssets; port?: number }) {
  const { database, fresh } = await boot({ serving: true })
  // A wrong bucket or refused credentials stop the start with a clear line (ADR 025).
  await checkStorageAtStart()
  // `homeward restore` refuses to replace a running server's data: DATA_DIR/homeward.pid tells on SQLite; on
  // PostgreSQL the instances (on any host, sharing the folder) are told by their connections' name instead.
  const engine = engineOf(database)
  if (engine === 'sqlite') holdServerLock()
  // Only the server, holding the lock, may clear uploads/incoming: a CLI command could run beside it. On PostgreSQL
  // other instances may share the folder and be writing an upload now: only what has not moved for a day goes.
  removeInterruptedUploads(dataDir(), engine === 'postgres' ? DAY : 0)
  // Instances starting together on an empty PostgreSQL database seed once: the first under the lock, the others find users.
  const seedFirst = async () => {
    if (!(await isEmpty(database))) return false
    await seedDemo(database)
    return true
  }
  const seeded = fresh && !isProduction && env.SEED_DEMO && (await exclusively(database, 'seed', seedFirst))
  if (env.SCHEDULER) startScheduler(database)

  const metrics = env.METRICS_TOKEN ? await import('./metrics/metrics').then((m) => m.startMetrics(database, env.METRICS_TOKEN!)) : undefined
  const app = createApp({ client: opts.client, metrics })
  const server = Bun.serve({
    port: opts.port ?? env.PORT,
    hostname: env.HOST,
    fetch: app.fetch,
    // SSE streams send a heartbeat every few seconds; this only closes dead sockets.
    idleTimeout: 30,
    // The largest upload (a video) plus room for its multipart envelope; every route counts its own limit as the stream arrives.
    maxRequestBodySize: MAX_VIDEO_BYTES + 10 * 1024 * 1024,
  })
  const url = env.PUBLIC_URL ?? `http://localhost:${server.port}`
  console.log(`\nHomeward is running at ${url}\n`)
  if (!isProduction) {
    console.log(`Demo logins (password: ${DEMO_PASSWORD})${seeded ? '' : ' — if this database was seeded'}:`)
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.label.padEnd(34)} ${a.email}`)
    console.log(`  The admin uses two-factor sign-in: add the key ${DEMO_ADMIN_TOTP_SECRET} to an authenticator app,`)
    console.log('  or print the current code with: bin/homeward demo-code')
    console.log('')
  }
  log.info('server started', { port: server.port, public_url: publicUrl() })
  process.once('SIGTERM', () => void shutDown(server, 'SIGTERM'))
  process.once('SIGINT', () => void shutDown(server, 'SIGINT'))
  return server
}

/**
 * A graceful stop, as a load balancer expects (ADR 022): /api/health answers
 * 503 at once; event streams are closed with a retry hint, so browsers
 * reconnect (through the balancer, to another instance) and resume with
 * Last-Event-ID; no new connection is taken; requests in flight and the
 * scheduler's running job finish; then the database closes and the process exits.
 */
async function shutDown(server: ReturnType<typeof Bun.serve>, signal: string) {
  startDraining()
  log.info('shutting down', { signal, in_flight: server.pendingRequests })
  closeAllStreams()
  const stopped = Promise.all([server.stop(), stopScheduler()])
  const late = await Promise.race([stopped.then(() => false), Bun.sleep(SHUTDOWN_TIMEOUT_MS).then(() => true)])
  if (late) log.warn('shutdown: requests still running after the timeout were cut', { timeout_ms: SHUTDOWN_TIMEOUT_MS })
  await closeDatabase().catch(() => {})
  log.info('stopped', { signal })
  process.exit(0)
}

/** How long a shutdown waits for requests in flight (an upload of a large video) before it cuts them. */
const SHUTDOWN_TIMEOUT_MS = 25_000
