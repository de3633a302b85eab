import { describe, expect, test } from 'bun:test'
import path from 'node:path'
import os from 'node:os'
import fs from 'node:fs'
import { openDatabase } from './client'
import { sql } from 'drizzle-orm'
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core'
import { latitudeBand, SKIP_LOCKED, textOrder } from './dialect'
import { PostgresDialect } from './engine-sql'

const root = path.resolve(import.meta.dir, '../..')

describe('the query builder renders PostgreSQL’s SQL on a PostgreSQL handle (engine-sql.ts)', () => {
  const sqlite = new SQLiteSyncDialect()
  const postgres = new PostgresDialect()
  const query = sql`select ${1}, ${'?'} from t where ${textOrder('t.name')} = ${'x'} ${SKIP_LOCKED}`

  test('parameters are numbered, and each helper gives its engine’s form', () => {
    expect(postgres.sqlToQuery(query)).toMatchObject({ sql: `select $1, $2 from t where lower((t.name) COLLATE "C") = $3 FOR UPDATE SKIP LOCKED`, params: [1, '?', 'x'] })
    expect(sqlite.sqlToQuery(query)).toMatchObject({ sql: 'select ?, ? from t where lower(t.name) = ? ', params: [1, '?', 'x'] })
  })
  test('the same query object renders for whichever handle runs it, one after the other', () => {
    const first = sqlite.sqlToQuery(query).sql
    postgres.sqlToQuery(query)
    expect(sqlite.sqlToQuery(query).sql).toBe(first)
  })
  test('a subquery inside a statement is rendered for the same engine', () => {
    const inner = sql`select ${latitudeBand('p.latitude')} from p`
    expect(postgres.sqlToQuery(sql`select * from (${inner}) x`).sql).toBe('select * from (select (trunc(p.latitude)::integer) from p) x')
    expect(sqlite.sqlToQuery(sql`select * from (${inner}) x`).sql).toBe('select * from (select CAST(p.latitude AS INTEGER) from p) x')
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
