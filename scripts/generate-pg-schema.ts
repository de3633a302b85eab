/**
 * Writes server/db/schema.pg.ts, the PostgreSQL tables, from server/db/schema.ts,
 * the one description of the data model (ADR 021). drizzle-kit then generates
 * migrations/postgres from it, as it generates migrations/sqlite from schema.ts:
 *
 *   npm run db:generate:pg
 *
 * Everything is read with drizzle's getTableConfig: tables, columns, NOT NULL,
 * defaults, primary keys, unique and plain indexes (with their WHERE),
 * foreign keys and CHECK constraints, under the same names. What PostgreSQL
 * needs differently is decided here:
 *
 * - column types (`pgType`): values round-trip exactly as SQLite gives them
 *   through the pool's type parsers (server/db/postgres.ts): integers and
 *   millisecond timestamps are bigint, booleans boolean (read back as 1/0),
 *   reals double precision, JSON and sealed values text;
 * - expressions (CHECKs, index expressions and WHEREs, SQL defaults) are
 *   rendered by PostgresDialect, the dialect the PostgreSQL handles query
 *   with, so each `byEngine()` fragment gives its PostgreSQL form (ADR 039);
 * - the tables whose row order the code reads through SQLite's implicit rowid
 *   (`ROWID_TABLES`, server/db/dialect.ts `rowid`) get an explicit identity
 *   column `rowid` with a unique index, so `p.rowid` means the same on both.
 *
 * Triggers are not in drizzle's table description: their PostgreSQL versions
 * are a hand-written migration (migrations/postgres/*_triggers.sql).
 */
import fs from 'node:fs'
import path from 'node:path'
import { type Column, getTableName, is, SQL, Table } from 'drizzle-orm'
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core'
import { PostgresDialect } from '../server/db/engine-sql'
import * as schema from '../server/db/schema'

export const OUT = path.resolve(import.meta.dir, '../server/db/schema.pg.ts')

/** Tables whose insertion order the code reads through `rowid` (server/db/dialect.ts). */
export const ROWID_TABLES = ['properties', 'messages', 'notifications', 'referral_documents'] as const

/**
 * SQLite-only SQL that must never reach PostgreSQL: a guard, not a translator.
 * Every expression is rendered by PostgresDialect (server/db/engine-sql.ts),
 * the dialect the PostgreSQL handles run with, so a `byEngine()` fragment
 * (server/db/dialect.ts) gives its PostgreSQL form here as it does in a
 * query. A schema expression written only in SQLite's words fails the
 * generation instead of reaching a migration: write it with `byEngine`.
 */
const SQLITE_ONLY = /\b(json_valid|json_each|json_extract|instr|ifnull|group_concat|rowid)\b|AS INTEGER|\bINDEXED BY\b/i

const dialect = new PostgresDialect()

/** An expression of the schema (CHECK, index expression or WHERE, default, generated column) as PostgreSQL SQL. */
export function renderPg(value: SQL, where: string): string {
  const out = dialect.sqlToQuery(value, 'indexes').sql
  if (SQLITE_ONLY.test(out)) throw new Error(`${where}: SQLite-only SQL (write it with byEngine, server/db/dialect.ts): ${out}`)
  return out
}

const render = renderPg

/** A TypeScript template literal holding `text`. */
const template = (text: string) => `\`${text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}\``
const str = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : str(name))

/** The PostgreSQL column builder for a SQLite column, without modifiers. */
function pgType(column: Column, where: string): string {
  const name = str(column.name)
  switch (column.columnType) {
    case 'SQLiteText':
    case 'SQLiteTextJson':
    case 'SQLiteCustomColumn': // sealed values: ciphertext text
      if (column.getSQLType() !== 'text') throw new Error(`${where}: custom type ${column.getSQLType()} has no mapping`)
      return `text(${name})`
    case 'SQLiteInteger':
    case 'SQLiteTimestamp': // milliseconds
      return `bigint(${name}, { mode: 'number' })`
    case 'SQLiteBoolean':
      return `boolean(${name})`
    case 'SQLiteReal':
      return `doublePrecision(${name})`
    default:
      throw new Error(`${where}: column type ${column.columnType} has no PostgreSQL mapping`)
  }
}

function pgDefault(column: Column, where: string): string {
  if (!column.hasDefault || column.default === undefined) return '' // $defaultFn: filled by the app, nothing in SQL
  const value = column.default
  if (is(value, SQL)) return `.default(sql${template(render(value, where))})`
  if (typeof value === 'boolean' || typeof value === 'number') return `.default(${value})`
  if (typeof value === 'string') return `.default(${str(value)})`
  return `.default(${str(JSON.stringify(value))})` // JSON mode: stored as its text, as SQLite's DEFAULT '[]'
}

function pgColumn(column: Column, table: string): string {
  const where = `${table}.${column.name}`
  const c = column as Column & { autoIncrement?: boolean; generated?: { as: unknown; mode?: string } }
  let out = pgType(column, where)
  if (c.primary && c.autoIncrement) return `${out}.primaryKey().generatedByDefaultAsIdentity()` // explicit ids stay insertable (restore)
  if (c.primary) out += '.primaryKey()'
  if (c.notNull && !c.primary) out += '.notNull()'
  if (c.generated) {
    if (c.generated.mode !== 'stored') throw new Error(`${where}: only stored generated columns exist in PostgreSQL`)
    const as = c.generated.as
    const text = is(as, SQL) ? render(as, where) : typeof as === 'function' ? render(as() as SQL, where) : String(as)
    out += `.generatedAlwaysAs(sql${template(text)})`
  }
  out += pgDefault(column, where)
  return out
}

const exportNames = new Map<string, string>()
for (const [name, value] of Object.entries(schema)) if (is(value, Table)) exportNames.set(getTableName(value), name)

function pgTable(exportName: string, table: SQLiteTable): string {
  const config = getTableConfig(table)
  const name = config.name
  const columns = config.columns.map((c) => `    ${key(c.name)}: ${pgColumn(c, name)},`)
  const extras: string[] = []
  if (ROWID_TABLES.includes(name as (typeof ROWID_TABLES)[number])) {
    columns.push(`    /** SQLite's implicit rowid made explicit: the insertion order the code reads (dialect.ts rowid). */`)
    columns.push(`    rowid: bigint('rowid', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),`)
    extras.push(`uniqueIndex('${name}_rowid_unique').on(t.rowid)`)
  }
  const col = (c: Column) => `t.${c.name}`
  for (const pk of config.primaryKeys) extras.push(`primaryKey({ name: ${str(pk.getName())}, columns: [${pk.columns.map(col).join(', ')}] })`)
  // A column's .unique() is a unique index in SQLite (drizzle-kit names it <table>_<column>_unique): the same here.
  for (const c of config.columns) {
    if (c.isUnique) extras.push(`uniqueIndex(${str(c.uniqueName ?? `${name}_${c.name}_unique`)}).on(${col(c)})`)
  }
  for (const u of config.uniqueConstraints) extras.push(`uniqueIndex(${str(u.getName()!)}).on(${u.columns.map(col).join(', ')})`)
  for (const i of config.indexes) {
    const where = `${name} index ${i.config.name}`
    const on = i.config.columns.map((c) => (is(c, SQL) ? `sql${template(render(c, where))}` : col(c as Column))).join(', ')
    let out = `${i.config.unique ? 'uniqueIndex' : 'index'}(${str(i.config.name)}).on(${on})`
    if (i.config.where) out += `.where(sql${template(render(i.config.where, where))})`
    extras.push(out)
  }
  for (const fk of config.foreignKeys) {
    const ref = fk.reference()
    const target = exportNames.get(getTableName(ref.foreignTable))!
    let out = `foreignKey({ name: ${str(fk.getName())}, columns: [${ref.columns.map(col).join(', ')}], foreignColumns: [${ref.foreignColumns.map((c) => `${target}.${c.name}`).join(', ')}] })`
    if (fk.onDelete && fk.onDelete !== 'no action') out += `.onDelete(${str(fk.onDelete)})`
    if (fk.onUpdate && fk.onUpdate !== 'no action') out += `.onUpdate(${str(fk.onUpdate)})`
    extras.push(out)
  }
  for (const ch of config.checks) extras.push(`check(${str(ch.name)}, sql${template(render(ch.value, `${name} check ${ch.name}`))})`)
  const body = `{\n${columns.join('\n')}\n  }`
  if (extras.length === 0) return `export const ${exportName} = pgTable(${str(name)}, ${body})\n`
  return `export const ${exportName} = pgTable(\n  ${str(name)},\n  ${body},\n  (t) => [\n${extras.map((e) => `    ${e},`).join('\n')}\n  ],\n)\n`
}

export function generatePgSchema(): string {
  const tables = Object.entries(schema).filter(([, v]) => is(v, Table)) as Array<[string, SQLiteTable]>
  const header = `/**
 * GENERATED by scripts/generate-pg-schema.ts from server/db/schema.ts: do not edit.
 * Regenerate (then generate the PostgreSQL migration) with: npm run db:generate:pg
 *
 * The PostgreSQL tables, for drizzle-kit only (migrations/postgres). The
 * services query both engines through schema.ts (server/db/postgres.ts).
 */
import { sql } from 'drizzle-orm'
import { bigint, boolean, check, doublePrecision, foreignKey, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
`
  return `${header}\n${tables.map(([n, t]) => pgTable(n, t)).join('\n')}`
}

if (import.meta.main) {
  fs.writeFileSync(OUT, generatePgSchema())
  console.log(`wrote ${path.relative(process.cwd(), OUT)}`)
}
