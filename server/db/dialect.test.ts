/**
 * The dialect helpers whose answer could differ between the engines give the
 * same answer on both (run on each engine): text order, NULL placement,
 * larger(). One order everywhere.
 */
import { describe, expect, test } from 'bun:test'
import { asc, desc, sql, type SQL } from 'drizzle-orm'
import { db, setupTestDb } from '../test/setup'
import { ENGINE } from './client'
import { jsonArrayAggSql, larger, nullsLast, textOrder } from './dialect'
import { rows } from './raw'

setupTestDb()

/** A derived table `t` of the given rows (each value bound, cast to its column's type). */
const table = (columns: Record<string, 'text' | 'integer'>, values: (string | number | null)[][]): SQL => {
  const names = Object.keys(columns)
  const selects = values.map(
    (row) => sql`SELECT ${sql.join(row.map((v, i) => sql`CAST(${v} AS ${sql.raw(columns[names[i]!]!)}) AS ${sql.raw(names[i]!)}`), sql`, `)}`,
  )
  return sql`(${sql.join(selects, sql` UNION ALL `)}) t`
}

describe('textOrder: ASCII case folded, then code points, on both engines', () => {
  const words = ['Zeta', 'alpha', 'Alpha', '_x', 'a b', 'ab', 'a-c', 'Émile', 'éden', 'Ábaco', 'B']
  // The rule in TypeScript: fold A-Z only, compare code points; equal keys by n.
  const folded = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase())
  const expected = words
    .map((x, n) => ({ x, n }))
    .sort((a, b) => (folded(a.x) < folded(b.x) ? -1 : folded(a.x) > folded(b.x) ? 1 : a.n - b.n))
    .map((r) => r.x)
  const source = table({ n: 'integer', x: 'text' }, words.map((x, n) => [n, x]))

  test('orders mixed case, punctuation and accented letters alike', async () => {
    expect(expected).toEqual(['_x', 'a b', 'a-c', 'ab', 'alpha', 'Alpha', 'B', 'Zeta', 'Ábaco', 'Émile', 'éden'])
    const found = await rows<{ x: string }>(db, sql`SELECT t.x FROM ${source} ORDER BY ${textOrder('t.x')}, t.n`)
    expect(found.map((r) => r.x)).toEqual(expected)
  })

  // PostgreSQL only: SQLite has no locale collations. A database (or column) whose collation is a
  // locale's orders these words otherwise; textOrder does not depend on it.
  test.if(ENGINE === 'postgres')("does not follow the database's collation (PostgreSQL: a linguistic ICU collation)", async () => {
    const [icu] = await rows<{ n: number }>(db, sql`SELECT count(*) AS n FROM pg_collation WHERE collname = 'und-x-icu'`)
    if (!icu?.n) return // a server built without ICU: nothing to compare with
    const linguistic = await rows<{ x: string }>(db, sql`SELECT t.x FROM ${source} ORDER BY t.x COLLATE "und-x-icu", t.n`)
    expect(linguistic.map((r) => r.x)).not.toEqual(expected)
    const found = await rows<{ x: string }>(db, sql`SELECT t.x FROM ${source} ORDER BY ${textOrder(sql.raw('t.x COLLATE "und-x-icu"'))}, t.n`)
    expect(found.map((r) => r.x)).toEqual(expected)
  })
})

describe('nullsLast: NULLs after every value, ascending or descending, on both engines', () => {
  const source = table({ n: 'integer', v: 'integer' }, [
    [1, 2],
    [2, null],
    [3, 1],
    [4, null],
    [5, 3],
  ])
  test('ascending and descending', async () => {
    const up = await rows<{ n: number }>(db, sql`SELECT t.n FROM ${source} ORDER BY ${nullsLast(asc(sql.raw('t.v')))}, t.n`)
    expect(up.map((r) => r.n)).toEqual([3, 1, 5, 2, 4])
    const down = await rows<{ n: number }>(db, sql`SELECT t.n FROM ${source} ORDER BY ${nullsLast(desc(sql.raw('t.v')))}, t.n`)
    expect(down.map((r) => r.n)).toEqual([5, 1, 3, 2, 4])
  })
})

describe('larger: the larger of two numbers, NULL when either is NULL, on both engines', () => {
  test('two expressions, and a number with an expression', async () => {
    const source = table({ n: 'integer', a: 'integer', b: 'integer' }, [
      [1, 1, 2],
      [2, 3, -1],
      [3, null, 2],
      [4, 3, null],
      [5, null, null],
    ])
    const found = await rows<{ both: number | null; clamped: number | null }>(
      db,
      sql`SELECT ${larger(sql.raw('t.a'), sql.raw('t.b'))} AS both, ${larger(0, sql.raw('t.b'))} AS clamped FROM ${source} ORDER BY t.n`,
    )
    expect(found).toEqual([
      { both: 2, clamped: 2 },
      { both: 3, clamped: 0 },
      { both: null, clamped: 2 },
      { both: null, clamped: null },
      { both: null, clamped: null },
    ])
  })
})

describe('jsonArrayAggSql: rows as one JSON array of arrays, in the order asked, on both engines', () => {
  const source = table({ g: 'integer', n: 'integer', x: 'text' }, [
    [1, 2, 'b'],
    [1, 1, 'a'],
    [1, 3, null],
    [2, 1, 'c'],
  ])
  test('ordered, NULLs kept, and [] for a group with no rows', async () => {
    const found = await rows<{ g: number; items: string }>(
      db,
      sql`SELECT k.g, (SELECT ${jsonArrayAggSql('t.n, t.x', 't.n DESC')} FROM ${source} WHERE t.g = k.g) AS items
        FROM (SELECT 1 AS g UNION ALL SELECT 2 UNION ALL SELECT 3) k ORDER BY k.g`,
    )
    expect(found.map((r) => [r.g, JSON.parse(r.items)])).toEqual([
      [1, [[3, null], [2, 'b'], [1, 'a']]],
      [2, [[1, 'c']]],
      [3, []],
    ])
  })
})
