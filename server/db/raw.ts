import type { SQLQueryBindings } from 'bun:sqlite'
import { db } from './client'

/**
 * Raw reads: plain SQL on Bun's SQLite through `query()`, which caches each
 * compiled statement by its text. The public reads (browse is the hot path,
 * bench/browse.ts) and a few reports use them: re-preparing drizzle-built SQL
 * on every request costs more than the query itself. Writes stay on drizzle.
 */
export function rows<T>(text: string, params: Record<string, SQLQueryBindings>): T[] {
  return db.$client.query(text).all(params as never) as T[]
}
export function row<T>(text: string, params: Record<string, SQLQueryBindings>): T | null {
  return (db.$client.query(text).get(params as never) as T | null) ?? null
}

/** A LIKE pattern matching `text` anywhere (use with ESCAPE '\\'). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
