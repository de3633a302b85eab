import { describe, expect, test } from 'bun:test'
import path from 'node:path'
import os from 'node:os'
import fs from 'node:fs'
import { openDatabase } from './client'
import { toPostgresText } from './postgres'

const root = path.resolve(import.meta.dir, '../..')

describe('SQL from the query builder, made PostgreSQL’s', () => {
  test('parameters are numbered outside quoted strings, quoted names and comments', () => {
    expect(toPostgresText(`select "a?" from t where x = ? and y = '?' and z = ? -- what?\n and w = ? /* ? */`)).toBe(
      `select "a?" from t where x = $1 and y = '?' and z = $2 -- what?\n and w = $3 /* ? */`,
    )
    expect(toPostgresText(`select 'it''s ?' , ?`)).toBe(`select 'it''s ?' , $1`)
  })
  test("an upsert's conflict columns lose their table name", () => {
    expect(toPostgresText('insert into "jobs" ("key") values (?) on conflict ("jobs"."key") do nothing')).toBe(
      'insert into "jobs" ("key") values ($1) on conflict ("key") do nothing',
    )
  })
})

describe('a PostgreSQL that cannot be used stops the start, saying why', () => {
  test('unreachable: the reason and the URL without its password', async () => {
    const error = await openDatabase('postgres://homeward:secret@127.0.0.1:9/homeward').then(
      () => null,
      (e: Error) => e,
    )
    expect(error?.message).toStartWith('Cannot use PostgreSQL at postgres://homeward:***@127.0.0.1:9/homeward: ')
    expect(error?.message).not.toContain('secret')
  })
  test('a URL without a database is refused before connecting', async () => {
    await expect(openDatabase('postgres://homeward@localhost')).rejects.toThrow('DATABASE_URL must name a host and a database')
  })
  test('the server does not start half-way: a wrong URL ends `serve` with a message, and a non-postgres one fails the configuration check', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-pg-start-'))
    const run = (url: string) =>
      Bun.spawnSync([process.execPath, 'bin/homeward.ts', 'serve', '--port', '0'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'silent', TEST_DATABASE_URL: '' },
        stderr: 'pipe',
        stdout: 'pipe',
        timeout: 30_000,
      })
    const unreachable = run('postgres://homeward:secret@127.0.0.1:9/homeward')
    expect(unreachable.exitCode).toBe(1)
    expect(unreachable.stderr.toString()).toContain('Cannot use PostgreSQL at postgres://homeward:***@127.0.0.1:9/homeward')
    const mysql = run('mysql://root@localhost/homeward')
    expect(mysql.exitCode).toBe(1)
    expect(mysql.stderr.toString()).toContain('DATABASE_URL: must be a postgres:// URL')
    fs.rmSync(dataDir, { recursive: true, force: true })
  }, 60_000)
})
