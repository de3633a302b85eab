/**
 * bun test preload: configure the environment before any server module reads
 * it, and migrate a template database once; each test file copies it.
 *
 * The engine: SQLite unless TEST_DATABASE_URL names a PostgreSQL server
 * (a URL whose user may create databases, e.g.
 * postgres://homeward:homeward@localhost:5432/postgres). Then the template
 * is a PostgreSQL database, and each file gets its own database created from
 * it (server/test/setup.ts), dropped when the run ends.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-test-'))
process.env.NODE_ENV = 'test'
process.env.DATA_DIR = path.join(root, 'data')
// The data folder exists from the start, as the server's boot makes it (on PostgreSQL no database file would).
fs.mkdirSync(process.env.DATA_DIR, { mode: 0o700 })
process.env.SCHEDULER = 'false'
process.env.SEED_DEMO = 'false'
delete process.env.STRIPE_SECRET_KEY
delete process.env.SMTP_URL
delete process.env.DATABASE_URL

const server = process.env.TEST_DATABASE_URL
if (server) {
  const { createTemplate, templateUrl } = await import('./postgres-databases')
  process.env.DATABASE_URL = templateUrl(server)
  await createTemplate(server)
} else {
  process.env.HOMEWARD_TEMPLATE_DB = path.join(root, 'template.db')
  const { openDatabase, migrateDatabase, writerOf } = await import('../db/client')
  const { sqliteClientOf } = await import('../db/sqlite')
  const template = await openDatabase(process.env.HOMEWARD_TEMPLATE_DB)
  await migrateDatabase(template)
  // One file to copy: the read connection closes first so the writer can leave WAL mode.
  const writer = sqliteClientOf(writerOf(template).direct)
  sqliteClientOf(template).close()
  writer.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  writer.exec('PRAGMA journal_mode = DELETE')
  writer.close()
}

process.on('exit', () => fs.rmSync(root, { recursive: true, force: true }))
