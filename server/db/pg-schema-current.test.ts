import { describe, expect, test } from 'bun:test'
import { generateDrizzleJson } from 'drizzle-kit/api'
import fs from 'node:fs'
import path from 'node:path'
import { generatePgSchema, OUT } from '../../scripts/generate-pg-schema'
import { migrationsFolder } from './client'
import * as pgSchema from './schema.pg'

/**
 * The PostgreSQL side of migrations-current.test.ts (ADR 039): schema.ts,
 * the generated schema.pg.ts and drizzle-kit's record of migrations/postgres
 * agree, so the next PostgreSQL migration is made by `npm run db:generate:pg`
 * and nothing else:
 *
 * - schema.pg.ts is exactly what scripts/generate-pg-schema.ts writes from
 *   schema.ts now: a schema.ts changed without regenerating, or schema.pg.ts
 *   edited by hand, fails here;
 * - the last snapshot in migrations/postgres/meta is schema.pg.ts: a
 *   regenerated schema.pg.ts without its migration fails here.
 *
 * That the migrated databases hold the same CHECK bodies and defaults is
 * server/db/schema-parity.test.ts (with a PostgreSQL server).
 */
const folder = path.join(migrationsFolder('postgres'), 'meta')
const snapshots = fs.readdirSync(folder).filter((f) => f.endsWith('_snapshot.json')).sort()
const lastSnapshot = JSON.parse(fs.readFileSync(path.join(folder, snapshots.at(-1)!), 'utf8'))

/** Only what describes the schema: ids are bookkeeping, and so is `_meta` (renames, written by the CLI only). */
const described = ({ id: _id, prevId: _prevId, _meta: _m, ...rest }: Record<string, unknown>) => rest

describe('migrations/postgres, schema.pg.ts and schema.ts', () => {
  test('schema.pg.ts is what the generator writes from schema.ts now (else: npm run db:generate:pg)', () => {
    const generated = generatePgSchema()
    expect(generated).toContain("export const properties = pgTable(")
    expect(generated === fs.readFileSync(OUT, 'utf8')).toBe(true)
  })

  test('the last PostgreSQL migration snapshot is schema.pg.ts (else: npm run db:generate:pg)', () => {
    const current = generateDrizzleJson(pgSchema as Record<string, unknown>, lastSnapshot.prevId)
    expect(Object.keys(current.tables).length).toBeGreaterThan(30)
    expect(described(current as unknown as Record<string, unknown>)).toEqual(described(lastSnapshot))
  })
})
