/**
 * Every SQLite-only construct the services use, each behind one named helper
 * (issue 18). Each says what it is in SQLite and what it would be in
 * PostgreSQL, so a move to Postgres is this file (and new migrations), not a
 * hunt through the services. The migrations keep their SQL as it ran.
 *
 * Two flavours: text for the plain SQL that public reads send to Bun's
 * `query()` (named `$params`; the statement cache is keyed by the text, so the
 * helpers return exactly the text the queries had before), and drizzle `sql`
 * fragments for the query builder.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core'

// ─── JSON arrays ─────────────────────────────────────────────────────────────

/**
 * `expr` is one of the elements of the JSON array text bound to `param`: a list
 * of any length in one parameter, so the statement text (and its cache entry)
 * stays the same.
 * SQLite: `expr IN (SELECT value FROM json_each($p))`.
 * Postgres: `expr = ANY($p)` with an array parameter (or keep the JSON text:
 * `expr IN (SELECT jsonb_array_elements_text($p::jsonb))`).
 */
export const inJsonArray = (expr: string, param: string) => `${expr} IN (SELECT value FROM json_each(${param}))`

/**
 * A FROM item: the elements of the JSON array bound to `param`, one row each,
 * in a column `value`, under `alias`.
 * SQLite: `json_each($p) o`.
 * Postgres: `jsonb_array_elements_text($p::jsonb) AS o(value)`.
 */
export const jsonArrayRows = (param: string, alias: string) => `json_each(${param}) ${alias}`

/**
 * The JSON array stored in `column` holds the value bound to `param`.
 * SQLite: `EXISTS (SELECT 1 FROM json_each(column) WHERE value = $p)`.
 * Postgres (jsonb column): `column ? $p` for strings, else `column @> jsonb_build_array($p)`.
 */
export const jsonArrayHas = (column: string, param: string) => `EXISTS (SELECT 1 FROM json_each(${column}) WHERE value = ${param})`

/** jsonArrayHas as a drizzle fragment: the JSON array in `column` holds `value` (bound). */
export const jsonArrayHasSql = (column: SQLWrapper, value: string | number): SQL<boolean> =>
  sql<boolean>`EXISTS (SELECT 1 FROM json_each(${column}) WHERE json_each.value = ${value})`

// ─── planner hints ───────────────────────────────────────────────────────────

/**
 * Pins the table before it to `index` (after `FROM properties p`), where the
 * planner's own choice measured slower (bench/browse.ts). If the index stops
 * fitting the query, SQLite fails the statement instead of silently scanning.
 * SQLite: `INDEXED BY index`.
 * Postgres: no hints: return '' and check EXPLAIN (or pg_hint_plan's
 * `/*+ IndexOnlyScan(p index) *\/` before the SELECT).
 */
export const indexedBy = (index: string) => `INDEXED BY ${index}`

// ─── row ids ─────────────────────────────────────────────────────────────────

/**
 * The implicit integer key of a row: the cheapest to carry and look up, and
 * it grows with insertion, which makes it the tie-break of rows with the same
 * timestamp (messages, notifications, documents).
 * SQLite: `rowid` (every table here has one; a VACUUM may renumber tables
 * without an INTEGER PRIMARY KEY, but keeps their order).
 * Postgres: no such column (ctid moves on update): add
 * `seq bigint GENERATED ALWAYS AS IDENTITY` to those tables and name it here.
 */
export const rowid = (alias?: string) => (alias ? `${alias}.rowid` : 'rowid')

/** rowid as a drizzle fragment, of `table` (a table or an alias) or of the query's only table. */
export const rowidSql = (table?: SQLWrapper | string): SQL<number> =>
  table === undefined ? sql<number>`rowid` : typeof table === 'string' ? sql<number>`${sql.raw(rowid(table))}` : sql<number>`${table}.rowid`

// ─── latitude bands ──────────────────────────────────────────────────────────

/**
 * The 1-degree latitude band of a latitude: its integer part, truncated
 * toward zero (29.9 and 29.1 are band 29, -0.5 and 0.5 both band 0; the
 * search lists the bands with Math.trunc to match). properties_geo_idx leads
 * with this expression, and SQLite uses an expression index only where a
 * query has the same expression, so the index (schema.ts) and the search
 * (search-properties.ts) both take it from here.
 * SQLite: `CAST(latitude AS INTEGER)` truncates.
 * Postgres: CAST rounds to the nearest integer there: `trunc(latitude)::integer`.
 */
export const latitudeBand = (column: string) => `CAST(${column} AS INTEGER)`

/** latitudeBand as a drizzle fragment (the index definition in schema.ts). */
export const latitudeBandSql = (column: SQLWrapper): SQL<number> => sql<number>`CAST(${column} AS INTEGER)`

// ─── errors ──────────────────────────────────────────────────────────────────

/**
 * Did `error` (or one of its causes: drizzle wraps the driver's error) fail on
 * the unique index `indexName` of `table`? Races such as two operators
 * taking the one escrow slot at once are settled by a unique index and
 * recognised here.
 * SQLite: the message `UNIQUE constraint failed: t.a, t.b` names the table and
 * columns, not the index (its code, SQLITE_CONSTRAINT_UNIQUE, names neither).
 * Postgres: `code === '23505'` (unique_violation) and `constraint === indexName`.
 */
export function isUniqueViolation(error: unknown, table: SQLiteTable, indexName: string): boolean {
  const config = getTableConfig(table)
  const index = config.indexes.find((i) => i.config.name === indexName)
  if (!index?.config.unique) throw new Error(`${config.name} has no unique index ${indexName}`)
  const columns = index.config.columns.map((c) => `${config.name}.${(c as { name: string }).name}`).join(', ')
  const expected = `UNIQUE constraint failed: ${columns}`
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const message = e instanceof Error ? e.message : String(e)
    if (message.includes(expected) && !message.includes(`${expected},`)) return true
    if (!(e instanceof Error)) break
  }
  return false
}
