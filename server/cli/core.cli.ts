import type { Command } from 'commander'

let embeddedClient: Map<string, Blob> | null = null
/** The single binary serves its embedded client instead of dist/client. */
export function setEmbeddedClient(files: Map<string, Blob>) {
  embeddedClient = files
}

export function registerCoreCommands(program: Command) {
  program
    .command('serve')
    .description('Migrate the database, seed demo data when new, and serve Homeward')
    .option('--build', 'build the browser app and the server bundle first, when their sources changed')
    .option('-p, --port <port>', 'port to listen on (default: PORT or 3000)', (v) => Number.parseInt(v, 10))
    .action(async (opts: { build?: boolean; port?: number }) => {
      if (embeddedClient) {
        const { serve } = await import('../main')
        return void (await serve({ client: { files: embeddedClient }, port: opts.port }))
      }
      // The bundler (client/build.ts) only with --build: the Docker image carries the built client, not its sources.
      const { clientOutDir } = await import('../build/client-dir')
      const { buildServerIfChanged, prebuiltServer } = await import('../build/server-bundle')
      if (opts.build) {
        const { buildClientIfChanged } = await import('../../client/build')
        await buildClientIfChanged()
        await buildServerIfChanged()
      }
      const bundle = prebuiltServer()
      const { serve }: typeof import('../main') = await import(bundle ?? '../main')
      await serve({ client: { dir: clientOutDir }, port: opts.port })
    })

  program
    .command('demo-code')
    .description("Print the demo admin's current two-factor code (demo data only)")
    .action(async () => {
      const { totpCode } = await import('../features/accounts')
      const { decodeBase32IgnorePadding } = await import('@oslojs/encoding')
      const { DEMO_ADMIN_TOTP_SECRET } = await import('../seed')
      console.log(totpCode(decodeBase32IgnorePadding(DEMO_ADMIN_TOTP_SECRET)))
    })

  program
    .command('migrate')
    .description('Create the database if needed and apply pending migrations')
    .action(async () => {
      const { boot } = await import('../boot')
      await boot()
      console.log('Database is up to date.')
    })

  program
    .command('seed')
    .description('Seed the demo dataset into a new database, and/or N extra properties for benchmarks')
    .option('--properties <n>', 'also add N properties across the 50 states (max 100000)', (v) => {
      const n = Number.parseInt(v, 10)
      if (!Number.isInteger(n) || n < 0 || n > 100_000) throw new Error('--properties must be between 0 and 100000')
      return n
    })
    .option('--no-demo', 'skip the demo accounts')
    .action(async (opts: { properties?: number; demo: boolean }) => {
      const { boot } = await import('../boot')
      const { isEmpty } = await import('../db/client')
      const { seedDemo, seedProperties } = await import('../seed')
      const { database } = await boot()
      const started = performance.now()
      if (opts.demo) {
        if (await isEmpty(database)) {
          await seedDemo(database)
          console.log('Demo dataset seeded.')
        } else {
          console.log('Database already has users: demo dataset not seeded.')
        }
      }
      if (opts.properties) {
        await seedProperties(database, opts.properties)
        console.log(`${opts.properties} properties seeded.`)
      }
      console.log(`Done in ${((performance.now() - started) / 1000).toFixed(2)} s.`)
    })
}
