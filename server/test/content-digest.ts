import { getTableName, is, sql, Table } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { row } from '../db/raw'
import * as schema from '../db/schema'

/**
 * A digest of every row of every table (PostgreSQL only: md5 over each row's
 * text form): two readings are equal only if nothing was written in between.
 * For tests that must prove a request wrote nothing, where SQLite's
 * total_changes() has no PostgreSQL counterpart.
 */
export async function contentDigest(db: Executor, { except = [] as string[] } = {}): Promise<string> {
  const tables = (Object.values(schema) as unknown[])
    .filter((t): t is Table => is(t, Table))
    .map((t) => getTableName(t))
    .filter((name) => !except.includes(name))
    .sort()
  const parts = tables.map((name) => `SELECT '${name}' AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${name}" t`)
  const found = await row<{ h: string }>(db, sql.raw(`SELECT md5(string_agg(h, '' ORDER BY n)) AS h FROM (${parts.join(' UNION ALL ')}) x`))
  return found!.h
}
