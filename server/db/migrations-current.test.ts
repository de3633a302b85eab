import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from 'drizzle-kit/api'
import { drizzle } from 'drizzle-orm/bun-sqlite'
import { migrate } from 'drizzle-orm/bun-sqlite/migrator'
import fs from 'node:fs'
import path from 'node:path'
import { sqliteShape } from '../test/database-shape'
import { migrationsFolder } from './client'
import * as schema from './schema'

/**
 * schema.ts, the migrations and drizzle-kit's record of them agree, so the
 * next migration is made by changing schema.ts and running
 * `npm run db:generate` (docs/adding-a-table.md):
 *
 * - the last snapshot in migrations/sqlite/meta is schema.ts: drizzle-kit
 *   diffs schema.ts against it, so a stale snapshot would emit again what
 *   earlier migrations did, and a schema.ts changed without a migration
 *   fails here first;
 * - a database migrated from migrations/sqlite has the shape of one created
 *   straight from schema.ts (tables, columns, keys, indexes, foreign keys,
 *   CHECK names): a migration edited by hand that drifts from schema.ts fails.
 *
 * PostgreSQL's side (migrations/postgres, from the generated schema.pg.ts) is
 * held to SQLite's by server/db/schema-parity.test.ts.
 */
const folder = migrationsFolder('sqlite')
const snapshots = fs.readdirSync(path.join(folder, 'meta')).filter((f) => f.endsWith('_snapshot.json')).sort()
const lastSnapshot = JSON.parse(fs.readFileSync(path.join(folder, 'meta', snapshots.at(-1)!), 'utf8'))
const current = () => generateSQLiteDrizzleJson(schema as Record<string, unknown>, lastSnapshot.prevId)

/**
 * Only what describes the schema: a snapshot's own id and its parent's are bookkeeping, and so is
 * `_meta.schemas` (renames of schemas, which SQLite has not), written by the CLI but not by the API.
 */
const described = ({ id: _id, prevId: _prevId, _meta, ...rest }: Record<string, unknown>) => {
  const { schemas: _schemas, ...meta } = (_meta ?? {}) as Record<string, unknown>
  return { ...rest, _meta: meta }
}

describe('migrations/sqlite and schema.ts', () => {
  test('the last snapshot is schema.ts (else: npm run db:generate)', async () => {
    expect(described(await current())).toEqual(described(lastSnapshot))
  })

  test('a migrated database has the shape of schema.ts', async () => {
    const migrated = new Database(':memory:')
    migrate(drizzle(migrated), { migrationsFolder: folder })

    const fromSchema = new Database(':memory:')
    const empty = { ...(await current()), tables: {}, views: {}, enums: {}, _meta: { tables: {}, columns: {} } }
    for (const statement of await generateSQLiteMigration(empty as never, (await current()) as never)) fromSchema.run(statement)

    // Triggers are written by hand in the migrations; schema.ts cannot describe them.
    const tablesOf = (db: Database) => sqliteShape(db).tables
    expect(tablesOf(migrated)).toEqual(tablesOf(fromSchema))
    // The comparison reads something: every table of schema.ts is there.
    expect(Object.keys(tablesOf(migrated)).length).toBeGreaterThan(30)
  })
})
