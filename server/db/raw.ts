import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core'
import type { SQL } from 'drizzle-orm'
import type { Executor } from './client'

/**
 * Raw reads: plain SQL written with drizzle's `sql` template (parameters are
 * bound, never spliced), run through Bun's `query()`, which caches each
 * compiled statement by its text. The public reads (browse is the hot path,
 * bench/browse.ts) and a few reports use them: re-preparing drizzle-built SQL
 * on every request costs more than the query itself. Writes stay on drizzle.
 *
 * Async like every query, so the engine underneath may be a network database.
 */
const dialect = new SQLiteSyncDialect()

function prepared(ex: Executor, query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query)
  return { statement: ex.$client.query(text), params: params as never[] }
}

export async function rows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const { statement, params } = prepared(ex, query)
  return statement.all(...params) as T[]
}
export async function row<T>(ex: Executor, query: SQL): Promise<T | null> {
  const { statement, params } = prepared(ex, query)
  return (statement.get(...params) as T | null) ?? null
}

/** A LIKE pattern matching `text` anywhere (use with ESCAPE '\\'). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
