/**
 * npm test: the type check (tsc), the linter (Biome: correctness, hooks,
 * a11y, feature boundaries and import cycles), unit and API tests (bun test)
 * on SQLite and, when TEST_DATABASE_URL names a PostgreSQL server, again on
 * PostgreSQL, the client's unit and component tests, then the browser tests
 * (Playwright on Debian's Chromium) against a freshly built client.
 *
 * TEST_ENGINES=sqlite (or postgres) runs the API tests on one engine only.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildClient, clientOutDir } from '../client/build'

const started = performance.now()

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!fs.existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH.`)
  process.exit(1)
}

const run = (cmd: string[], env: Record<string, string | undefined> = process.env) => {
  console.log(`\n$ ${cmd.join(' ')}`)
  const result = Bun.spawnSync(cmd, { stdio: ['inherit', 'inherit', 'inherit'], env })
  return result.exitCode ?? 1
}

const postgresUrl = process.env.TEST_DATABASE_URL
const engines = (process.env.TEST_ENGINES ?? (postgresUrl ? 'sqlite,postgres' : 'sqlite')).split(',').map((e) => e.trim())
if (engines.includes('postgres') && !postgresUrl) {
  console.error('TEST_ENGINES asks for postgres but TEST_DATABASE_URL is not set (e.g. postgres://user:password@localhost:5432/postgres, a user who may create databases).')
  process.exit(1)
}
if (!postgresUrl) console.log('PostgreSQL: TEST_DATABASE_URL is not set, so the API tests run on SQLite only (README, "Running on PostgreSQL").')

const bun = process.execPath
const types = run(['node', 'node_modules/typescript/bin/tsc', '--noEmit'])
const lint = run(['node', 'node_modules/@biomejs/biome/bin/biome', 'lint', '--error-on-warnings'])
// The client is built once, first: the build's tests (server/build: the entry's size, the Docker image's
// files) check this build (CLIENT_DIST) instead of making their own, and the browser tests run against it.
const built = await buildClient().then(
  () => 0,
  (error) => {
    console.error(error)
    return 1
  },
)
const { TEST_DATABASE_URL: _, ...withoutPostgres } = process.env
// Each pass also writes a JUnit report, read at the end for the slowest tests.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-test-reports-'))
const bunTest = (name: string, args: string[]) => [bun, 'test', '--timeout', '30000', '--reporter=junit', `--reporter-outfile=${path.join(reports, `${name}.xml`)}`, ...args]
const onSqlite = engines.includes('sqlite') ? run(bunTest('sqlite', ['server', 'bin']), { ...withoutPostgres, CLIENT_DIST: clientOutDir }) : 0
// The client's tests touch no database: once is enough. A process of their own, a fresh module registry per file:
// the component tests need a DOM before React DOM and Radix load, and the server's must never see one (client/test/dom.ts).
const onClient = run(bunTest('client', ['--isolate', 'client']), withoutPostgres)
const prefix = `hw_test_${process.pid}`
const onPostgres = engines.includes('postgres')
  ? run(bunTest('postgres', ['server', 'bin']), { ...process.env, TEST_DATABASE_URL: postgresUrl, TEST_DATABASE_PREFIX: prefix })
  : 0
if (engines.includes('postgres')) await dropTestDatabases(postgresUrl!, prefix)
const unit = onSqlite || onClient || onPostgres
printSlowest(reports)

const browser = built || run(['node', 'node_modules/@playwright/test/cli.js', 'test'])
console.log(`\nnpm test took ${((performance.now() - started) / 60_000).toFixed(1)} min`)
process.exit(types || lint || unit || browser)

/** The ten slowest unit and API tests of the passes' JUnit reports (the browser suite prints its own). */
function printSlowest(dir: string) {
  const cases: Array<{ seconds: number; name: string }> = []
  for (const file of fs.readdirSync(dir)) {
    const xml = fs.readFileSync(path.join(dir, file), 'utf8')
    for (const m of xml.matchAll(/<testcase name="([^"]*)" classname="([^"]*)" time="([\d.]+)" file="([^"]*)"/g)) {
      cases.push({ seconds: Number(m[3]), name: `[${file.replace('.xml', '')}] ${m[4]} › ${m[2]} › ${m[1]}`.replaceAll('&quot;', '"').replaceAll('&amp;', '&') })
    }
  }
  fs.rmSync(dir, { recursive: true, force: true })
  console.log('\nSlowest unit and API tests:')
  for (const c of cases.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) console.log(`  ${c.seconds.toFixed(1).padStart(6)} s  ${c.name}`)
}

/** Drops what the PostgreSQL run left (its template; a file's database if a file died before its clean-up). */
async function dropTestDatabases(url: string, prefix: string) {
  const { default: postgres } = await import('postgres')
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const left = await sql<{ datname: string }[]>`SELECT datname FROM pg_database WHERE datname LIKE ${`${prefix}%`}`
    for (const { datname } of left) await sql.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
  } finally {
    await sql.end()
  }
}
