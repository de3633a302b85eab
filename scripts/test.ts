/**
 * npm test: the type check (tsc's diagnostics and no thenable left unawaited), the linter (Biome: correctness, hooks,
 * a11y, feature boundaries and import cycles), unit and API tests (bun test)
 * on SQLite and, when TEST_DATABASE_URL names a PostgreSQL server, again on
 * PostgreSQL, the client's unit and component tests, then the browser tests
 * (Playwright on Debian's Chromium) against a freshly built client.
 *
 * Steps that do not depend on each other run side by side, each printing its
 * output when it ends: the type check, the linter and the client build; then
 * the SQLite pass (and the client's tests after it) beside the PostgreSQL
 * pass, which spends most of its time waiting on the database. The browser
 * tests run alone, last. At the end: the ten slowest unit and API tests (the
 * browser suite prints its own) and the whole run's time.
 *
 * TEST_ENGINES=sqlite (or postgres) runs the API tests on one engine only.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildClient, clientOutDir } from '../client/build'

const started = performance.now()
const minutes = () => `${((performance.now() - started) / 60_000).toFixed(1)} min`

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!fs.existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH.`)
  process.exit(1)
}

const postgresUrl = process.env.TEST_DATABASE_URL
const engines = (process.env.TEST_ENGINES ?? (postgresUrl ? 'sqlite,postgres' : 'sqlite')).split(',').map((e) => e.trim())
if (engines.includes('postgres') && !postgresUrl) {
  console.error('TEST_ENGINES asks for postgres but TEST_DATABASE_URL is not set (e.g. postgres://user:password@localhost:5432/postgres, a user who may create databases).')
  process.exit(1)
}
if (!postgresUrl) console.log('PostgreSQL: TEST_DATABASE_URL is not set, so the API tests run on SQLite only (README, "Running on PostgreSQL").')

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-test-run-'))
process.on('exit', () => fs.rmSync(scratch, { recursive: true, force: true }))

/** Runs a command with its output kept in a file, printed in one piece when it ends; resolves to its exit code. */
async function step(name: string, cmd: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const log = path.join(scratch, `${name}.log`)
  const fd = fs.openSync(log, 'w') // one descriptor for both streams: they interleave as on a terminal
  const proc = Bun.spawn(cmd, { stdio: ['ignore', fd, fd], env })
  const code = await proc.exited
  fs.closeSync(fd)
  console.log(`\n──── ${name} (exit ${code}, at ${minutes()}): $ ${cmd.join(' ')}\n${fs.readFileSync(log, 'utf8').trimEnd()}`)
  return code
}

const bun = process.execPath
// Each pass also writes a JUnit report, read at the end for the slowest tests.
const bunTest = (name: string, args: string[], env: Record<string, string | undefined>) =>
  step(name, [bun, 'test', '--timeout', '30000', '--reporter=junit', `--reporter-outfile=${path.join(scratch, `${name}.xml`)}`, ...args], env)

// The client is built once: the build's tests (server/build: the entry's size, the Docker image's files)
// check this build (CLIENT_DIST) instead of making their own, and the browser tests run against it.
const [types, lint, built] = await Promise.all([
  step('type check', [process.execPath, 'scripts/typecheck.ts']),
  step('lint', ['node', 'node_modules/@biomejs/biome/bin/biome', 'lint', '--error-on-warnings']),
  buildClient().then(
    () => 0,
    (error) => {
      console.error(error)
      return 1
    },
  ),
])

const { TEST_DATABASE_URL: _, ...withoutPostgres } = process.env
const prefix = `hw_test_${process.pid}`
const [onSqliteAndClient, onPostgres] = await Promise.all([
  (async () => {
    const onSqlite = engines.includes('sqlite') ? await bunTest('sqlite', ['server', 'bin'], { ...withoutPostgres, CLIENT_DIST: clientOutDir }) : 0
    // The client's tests touch no database: once is enough. A process of their own, a fresh module registry per file:
    // the component tests need a DOM before React DOM and Radix load, and the server's must never see one (client/test/dom.ts).
    const onClient = await bunTest('client', ['--isolate', 'client'], withoutPostgres)
    return onSqlite || onClient
  })(),
  (async () => {
    if (!engines.includes('postgres')) return 0
    const code = await bunTest('postgres', ['server', 'bin'], { ...process.env, CLIENT_DIST: clientOutDir, TEST_DATABASE_URL: postgresUrl, TEST_DATABASE_PREFIX: prefix })
    await dropTestDatabases(postgresUrl!, prefix)
    return code
  })(),
])
printSlowest()

console.log(`\n──── browser tests (from ${minutes()})`)
const browser = built || Bun.spawnSync(['node', 'node_modules/@playwright/test/cli.js', 'test'], { stdio: ['inherit', 'inherit', 'inherit'] }).exitCode
console.log(`\nnpm test took ${minutes()}`)
process.exit(types || lint || onSqliteAndClient || onPostgres || browser)

/** The ten slowest unit and API tests of the passes' JUnit reports. */
function printSlowest() {
  const xmlText = (s: string) => s.replaceAll('&quot;', '"').replaceAll('&apos;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')
  const cases: Array<{ seconds: number; name: string }> = []
  for (const file of fs.readdirSync(scratch).filter((f) => f.endsWith('.xml'))) {
    const xml = fs.readFileSync(path.join(scratch, file), 'utf8')
    for (const m of xml.matchAll(/<testcase name="([^"]*)" classname="([^"]*)" time="([\d.]+)" file="([^"]*)"/g)) {
      cases.push({ seconds: Number(m[3]), name: xmlText(`[${file.replace('.xml', '')}] ${m[4]} › ${m[2]} › ${m[1]}`) })
    }
  }
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
