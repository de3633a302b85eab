import { createApp } from './app'
import { boot } from './boot'
import { dataDir, env, isProduction, publicUrl } from './env'
import { removeInterruptedUploads } from './storage/data-folder'
import { MAX_VIDEO_BYTES } from './features/properties'
import { seedDemo, DEMO_ACCOUNTS, DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD } from './seed'
import { startScheduler } from './jobs'
import type { ClientAssets } from './static'
import { log } from './lib/logger'
import { holdServerLock } from './cli/server-lock'

/**
 * Starts Homeward: migrate, seed a new database with the demo data (never in
 * production), start the scheduler and serve the API and the client.
 */
export async function serve(opts: { client: ClientAssets; port?: number }) {
  const { database, fresh } = await boot()
  // DATA_DIR/homeward.pid: `homeward restore` refuses to replace a running server's data.
  holdServerLock()
  // Only the server, holding the lock, may clear uploads/incoming: a CLI command could run beside it.
  removeInterruptedUploads(dataDir())
  const seeded = fresh && !isProduction && env.SEED_DEMO
  if (seeded) await seedDemo(database)
  if (env.SCHEDULER) startScheduler(database)

  const app = createApp({ client: opts.client })
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
  return server
}
