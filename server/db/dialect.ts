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

// ─── reads that decide a write ───────────────────────────────────────────────

/**
 * Marks a SELECT inside a transaction whose answer decides a write (the
 * escrow slot, a waitlist position, a checkout's completion, a placement
 * answer, a grant): the row must not change before the transaction commits.
 * SQLite: nothing to do: a unit of work holds the one write lock from
 * `BEGIN IMMEDIATE` (unit-of-work.ts), so no other writer interleaves.
 * Postgres: `query.for('update')` (row locks until COMMIT).
 */
export const forUpdate = <Q>(query: Q): Q => query

// ─── text search ─────────────────────────────────────────────────────────────

/**
 * `haystack` contains `needle` (case-sensitive, no wildcards).
 * SQLite: `instr(haystack, needle) > 0`.
 * Postgres: `strpos(haystack, needle) > 0`.
 */
export const containsText = (haystack: SQLWrapper, needle: string): SQL<boolean> => sql<boolean>`instr(${haystack}, ${needle}) > 0`

// ─── sequences ───────────────────────────────────────────────────────────────

/**
 * The highest id an AUTOINCREMENT table ever issued (ids are never reused,
 * even after the rows are deleted), as a query returning `{ seq }` or no row.
 * SQLite: `sqlite_sequence`.
 * Postgres: `SELECT last_value AS seq FROM <table>_id_seq` (an identity column's sequence).
 */
export const lastIssuedIdSql = (table: string): SQL<{ seq: number }> => sql`SELECT seq FROM sqlite_sequence WHERE name = ${table}`

// ─── change detection ────────────────────────────────────────────────────────

/**
 * A pair of counters that move whenever the database may have changed, for
 * caches that must never serve a stale answer (properties/search-cache.ts):
 * `changes`, rows written through this connection (rolled back ones too), and
 * `data_version`, commits by any other connection or process.
 * SQLite: `total_changes()` and `PRAGMA data_version`.
 * Postgres: no equivalent: a change counter bumped in the writing transaction
 * (or LISTEN/NOTIFY) replaces it.
 */
export const CHANGE_COUNTERS_SQL = 'SELECT total_changes() AS changes, data_version AS data_version FROM pragma_data_version'

// ─── booleans ────────────────────────────────────────────────────────────────

/**
 * Booleans in SQL are bound as parameters (`${true}` in a `sql` template),
 * never written as 1/0 literals: SQLite stores them as integers 1/0 and Bun
 * binds `true` as 1; Postgres has a boolean type that does not compare with 1.
 */

// ─── JSON arrays as drizzle fragments (appended by the properties area, issue 24) ───

/**
 * inJsonArray as a drizzle fragment: `expr` is one of `values`, bound as ONE
 * JSON array parameter, so the statement text (and Bun's cache entry) is the
 * same for a list of any length.
 * SQLite: `expr IN (SELECT value FROM json_each(?))`.
 * Postgres: `expr = ANY(?)` with an array parameter (or keep the JSON text:
 * `expr IN (SELECT jsonb_array_elements_text(?::jsonb))`).
 */
export const inJsonArraySql = (expr: SQLWrapper, values: readonly unknown[]): SQL<boolean> =>
  sql<boolean>`${expr} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`

/**
 * jsonArrayRows as a drizzle fragment: a FROM item with the elements of
 * `values` (bound as one JSON array parameter), one row each, in a column
 * `value`, under `alias`.
 * SQLite: `json_each(?) alias`.
 * Postgres: `jsonb_array_elements_text(?::jsonb) AS alias(value)`.
 */
export const jsonArrayRowsSql = (values: readonly unknown[], alias: string): SQL =>
  sql`json_each(${JSON.stringify(values)}) ${sql.raw(alias)}`
