import { expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { closeHandle, connOf, ENGINE, migrationsFolder, openDatabase } from './client'
import { createEmptyDatabase, dropDatabase } from '../test/postgres-databases'

const root = path.resolve(import.meta.dir, '../..')

test('two processes starting together on an empty database migrate it once', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-migrate-together-'))
  const server = process.env.TEST_DATABASE_URL
  const target = ENGINE === 'postgres' ? await createEmptyDatabase(server!) : path.join(dataDir, 'homeward.db')
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: ENGINE === 'postgres' ? target : '' }
  const migrate = () => Bun.spawn([process.execPath, 'bin/homeward.ts', 'migrate'], { cwd: root, env, stdout: 'pipe', stderr: 'pipe' })
  const both = [migrate(), migrate()]
  const codes = await Promise.all(both.map((p) => p.exited))
  const errors = await Promise.all(both.map((p) => new Response(p.stderr).text()))
  expect(errors).toEqual(['', ''])
  expect(codes).toEqual([0, 0])

  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
  const db = await openDatabase(target)
  const [applied] = await connOf(db).all<{ n: number }>('SELECT count(*) AS n FROM __drizzle_migrations')
  expect(Number(applied!.n)).toBe(journal.entries.length)
  await closeHandle(db)
  if (ENGINE === 'postgres') await dropDatabase(server!, target)
  fs.rmSync(dataDir, { recursive: true, force: true })
}, 60_000)
