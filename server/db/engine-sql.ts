import { entityKind, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { SQLiteAsyncDialect, SQLiteSyncDialect } from 'drizzle-orm/sqlite-core'
import type { Engine } from './engine'

/**
 * How one query builder writes for two engines (ADR 021): both are driven by
 * drizzle's SQLite builder; what a statement becomes is decided when it is
 * rendered to text, by the dialect of the handle that runs it — never by the
 * environment. The SQLite handles render with drizzle's own SQLite dialects;
 * the PostgreSQL handles with `PostgresDialect`, which numbers parameters
 * `$1, $2, …` as PostgreSQL wants them and renders every `byEngine()`
 * fragment in its PostgreSQL form.
 */

/** The engine whose statement is being rendered now (rendering is synchronous: one at a time). */
let rendering: Engine = 'sqlite'

/**
 * A fragment written differently for each engine (dialect.ts builds them all):
 * the form used is the one of the handle that renders the statement, so the
 * same query object (a module-level constant, a schema default) serves both.
 */
class ByEngine implements SQLWrapper {
  static readonly [entityKind] = 'HomewardByEngine'
  constructor(
    private readonly sqlite: SQL,
    private readonly postgres: SQL,
  ) {}
  getSQL(): SQL {
    return rendering === 'postgres' ? this.postgres : this.sqlite
  }
  // Rendered in place, as its own text: no parentheses added around it.
  shouldOmitSQLParens() {
    return true
  }
}

/** `sqlite` on SQLite, `postgres` on PostgreSQL, chosen when the statement runs. */
export function byEngine<T = unknown>(sqlite: SQL, postgres: SQL): SQL<T> {
  return sql<T>`${new ByEngine(sqlite, postgres)}`
}

/** drizzle's SQLite builder, rendering for PostgreSQL: `$n` parameters and the PostgreSQL form of `byEngine()`. */
export class PostgresDialect extends SQLiteAsyncDialect {
  static override readonly [entityKind]: string = 'HomewardPostgresDialect'
  override escapeParam(num: number): string {
    return `$${num + 1}`
  }
  override sqlToQuery(query: SQL, invokeSource?: 'indexes'): ReturnType<SQLiteAsyncDialect['sqlToQuery']> {
    const outer = rendering
    rendering = 'postgres'
    try {
      return super.sqlToQuery(query, invokeSource)
    } finally {
      rendering = outer
    }
  }
}

/** Renders raw reads (raw.ts) for each engine: the text and its parameters. */
export const renderers: Record<Engine, { sqlToQuery(query: SQL): { sql: string; params: unknown[] } }> = {
  sqlite: new SQLiteSyncDialect(),
  postgres: new PostgresDialect(),
}
