import { format } from 'date-fns/format'
import { AppError } from '../errors'

/**
 * Prints a service error the way a script expects: one line on stderr, then
 * exit 2 for bad input (validation, malformed) and 1 for any other failure.
 */
export function fail(error: unknown): never {
  const message = error instanceof AppError ? error.message : error instanceof Error ? error.message : String(error)
  console.error(`Error: ${message}`)
  const usage = error instanceof AppError && (error.status === 422 || error.status === 400)
  process.exit(usage ? 2 : 1)
}

/** 2030-03-04 10:30 (local time of the host), or '-'. */
export const when = (d: Date | string | null | undefined) => (d ? format(new Date(d), 'yyyy-MM-dd HH:mm') : '-')


/** A plain aligned table (or "none" text), then a count line. */
export function printTable<T>(rows: T[], columns: Record<string, (row: T) => string | number | null | undefined>, noun: [string, string], empty: string) {
  if (rows.length === 0) return void console.log(empty)
  const headers = Object.keys(columns)
  const cells = rows.map((r) => headers.map((h) => String(columns[h]!(r) ?? '-')))
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)))
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd()
  console.log([line(headers), ...cells.map(line)].join('\n'))
  console.log(`${rows.length} ${rows.length === 1 ? noun[0] : noun[1]}.`)
}

/** --json output: dates as ISO strings. */
export const printJson = (value: unknown) => console.log(JSON.stringify(value, null, 2))
