import { is, Param, Placeholder, type SQL } from 'drizzle-orm'
import { connOf, engineOf, type Executor } from './client'
import type { Engine } from './engine'
import { renderers } from './engine-sql'

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

/** A rendered statement's parameters: a placeholder's name, or a value fixed when it was written. */
type Slot = { name: string } | { value: unknown }

/** `query` rendered for `engine`, its placeholders (`sql.placeholder(name)`) left as slots. */
function render(engine: Engine, query: SQL) {
  const { sql: text, params } = renderers[engine].sqlToQuery(query)
  const slots = params.map((p): Slot => (is(p, Placeholder) ? { name: p.name } : is(p, Param) && is(p.value, Placeholder) ? { name: p.value.name } : { value: p }))
  return { text, slots }
}

/**
 * A statement's text and parameters for `engine`, each placeholder bound from
 * `values` by its name. A list (an array) is bound as one parameter: JSON text
 * on SQLite (read with json_each), an array on PostgreSQL (inListSql, dialect.ts).
 */
export function bindPlaceholders(engine: Engine, query: SQL | ReturnType<typeof render>, values: Readonly<Record<string, unknown>>) {
  const { text, slots } = 'slots' in query ? query : render(engine, query)
  const params = slots.map((slot) => {
    if ('value' in slot) return slot.value
    if (!(slot.name in values)) throw new Error(`No value for placeholder "${slot.name}"`)
    const value = values[slot.name]
    return Array.isArray(value) && engine === 'sqlite' ? JSON.stringify(value) : value
  })
  return { text, params }
}

/**
 * A raw read whose statement is rendered once per engine: `build` writes it
 * with `sql.placeholder(name)` wherever a request's value goes, and each call
 * binds `values` by name. Rendering a drizzle template walks every fragment
 * of it, which costs more than running a small indexed query (the radius
 * search's first statement: about 60 µs to render against 25 µs to run,
 * 10,000 homes), so the hot public reads render once.
 */
export function preparedRead<T>(build: () => SQL) {
  const rendered: Partial<Record<Engine, ReturnType<typeof render>>> = {}
  return (ex: Executor, values: Readonly<Record<string, unknown>>): Promise<T[]> => {
    const engine = engineOf(ex)
    rendered[engine] ??= render(engine, build())
    const { text, params } = bindPlaceholders(engine, rendered[engine], values)
    return connOf(ex).all<T>(text, params)
  }
}
