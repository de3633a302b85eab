import postgres from 'postgres'

/**
 * PostgreSQL databases for the tests (server/test/preload.ts, setup.ts): one
 * migrated template per run, and one database per test file created from it
 * (`CREATE DATABASE … TEMPLATE`, a file copy on the server), as SQLite test
 * files copy a template file. Every database of a run shares the run's
 * prefix; the last process of the run drops them.
 */
/** npm test names the run (scripts/test.ts drops its databases after it); a bare `bun test` names its own. */
const runPrefix = process.env.TEST_DATABASE_PREFIX ?? `hw_test_${process.pid}_${Date.now().toString(36)}`

/** The URL of database `name` on the server of `serverUrl`. */
export function urlFor(serverUrl: string, name: string) {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

const admin = (serverUrl: string) => postgres(serverUrl, { max: 1, onnotice: () => {} })

/**
 * Creates and migrates the run's template database; returns its URL. The
 * caller sets DATABASE_URL to it first (`templateUrl`): the engine is read from
 * the environment when the database modules load.
 */
export const templateUrl = (serverUrl: string) => urlFor(serverUrl, `${runPrefix}_template`)

export async function createTemplate(serverUrl: string): Promise<string> {
  const name = `${runPrefix}_template`
  const sql = admin(serverUrl)
  try {
    await sql.unsafe(`CREATE DATABASE "${name}"`)
  } finally {
    await sql.end()
  }
  const url = urlFor(serverUrl, name)
  const { openDatabase, migrateDatabase, closeHandle } = await import('../db/client')
  const template = await openDatabase(url, { poolSize: 1 })
  await migrateDatabase(template)
  await closeHandle(template)
  // Nobody connects to the template again: a child process that inherited DATABASE_URL would write into
  // every later copy (and a connection open on it makes CREATE DATABASE … TEMPLATE fail). It fails instead.
  const closing = admin(serverUrl)
  try {
    await closing.unsafe(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`)
  } finally {
    await closing.end()
  }
  process.on('beforeExit', () => void dropRunDatabases(serverUrl))
  return url
}

let sequence = 0

/** A new database for one test file, a copy of the template; returns its URL. */
export async function createFromTemplate(serverUrl: string, templateUrl: string): Promise<string> {
  const template = new URL(templateUrl).pathname.slice(1)
  const name = `${template.replace(/_template$/, '')}_${++sequence}_${crypto.randomUUID().slice(0, 8)}`
  const sql = admin(serverUrl)
  try {
    await sql.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template}"`)
  } finally {
    await sql.end()
  }
  return urlFor(serverUrl, name)
}

/** Drops one test file's database (its connections closed first). */
export async function dropDatabase(serverUrl: string, url: string) {
  const name = new URL(url).pathname.slice(1)
  const sql = admin(serverUrl)
  try {
    await sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  } finally {
    await sql.end()
  }
}

let dropped = false
async function dropRunDatabases(serverUrl: string) {
  if (dropped) return
  dropped = true
  const sql = admin(serverUrl)
  try {
    const names = await sql<{ datname: string }[]>`SELECT datname FROM pg_database WHERE datname LIKE ${`${runPrefix}%`}`
    for (const { datname } of names) await sql.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
  } finally {
    await sql.end()
  }
}

/** A new, empty database (not from the template) for one test; returns its URL. */
export async function createEmptyDatabase(serverUrl: string): Promise<string> {
  const template = new URL(process.env.DATABASE_URL ?? serverUrl).pathname.slice(1)
  const name = `${template.replace(/_template$/, '')}_empty_${++sequence}_${crypto.randomUUID().slice(0, 8)}`
  const sql = admin(serverUrl)
  try {
    await sql.unsafe(`CREATE DATABASE "${name}"`)
  } finally {
    await sql.end()
  }
  return urlFor(serverUrl, name)
}
