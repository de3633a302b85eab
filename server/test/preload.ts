/**
 * bun test preload: configure the environment before any server module reads
 * it, and migrate a template database once; each test file copies it.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-test-'))
process.env.NODE_ENV = 'test'
process.env.DATA_DIR = path.join(root, 'data')
process.env.SCHEDULER = 'false'
process.env.SEED_DEMO = 'false'
process.env.HOMEWARD_TEMPLATE_DB = path.join(root, 'template.db')
delete process.env.STRIPE_SECRET_KEY
delete process.env.SMTP_URL

const { openDatabase, migrateDatabase, writerOf } = await import('../db/client')
const template = openDatabase(process.env.HOMEWARD_TEMPLATE_DB)
migrateDatabase(template)
// One file to copy: the read connection closes first so the writer can leave WAL mode.
const writer = writerOf(template).client
template.$client.close()
writer.exec('PRAGMA wal_checkpoint(TRUNCATE)')
writer.exec('PRAGMA journal_mode = DELETE')
writer.close()

process.on('exit', () => fs.rmSync(root, { recursive: true, force: true }))
