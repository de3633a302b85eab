import type { SQL } from 'drizzle-orm'
import { connOf, type Executor } from './client'

/**
 * Raw reads: plain SQL written with drizzle's `sql` template (parameters are
 * bound, never spliced), run on the handle's connection: bun:sqlite's
 * `query()` caches each compiled statement by its text, PostgreSQL prepares
 * it once per connection (postgres.ts). The public reads (browse is the hot path,
 * bench/browse.ts) and a few reports use them: re-preparing drizzle-built SQL
 * on every request costs more than the query itself. Writes stay on drizzle.
 *
 * Async like every query, so the engine underneath may be a network database.
 */
export async function rows<T>(ex: Executor, query: SQL): Promise<T[]> {
  return connOf(ex).query<T>(query)
}
export async function row<T>(ex: Executor, query: SQL): Promise<T | null> {
  return (await rows<T>(ex, query))[0] ?? null
}

/** A LIKE pattern matching `text` anywhere (use with ESCAPE '\\'). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
