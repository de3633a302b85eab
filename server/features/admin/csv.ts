/**
 * CSV for spreadsheet exports (RFC 4180): every cell quoted when it holds a
 * comma, quote, CR or LF, quotes doubled, CRLF line ends. Cells that a
 * spreadsheet would run as a formula (starting with = + - @, or a tab or CR
 * that some spreadsheets skip before one) are prefixed with a single quote, so
 * a name like "=HYPERLINK(...)" stays text (OWASP "CSV injection").
 */
export type CsvColumn<T> = { header: string; value: (row: T) => unknown }

const FORMULA_START = /^[=+\-@\t\r]/

/** One cell as text: null/undefined → empty, Date → ISO 8601, booleans → true/false. */
export function csvCell(value: unknown): string {
  let text: string
  if (value === null || value === undefined) text = ''
  else if (value instanceof Date) text = value.toISOString()
  else if (Array.isArray(value)) text = value.join('; ')
  else text = String(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')]
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','))
  return `${lines.join('\r\n')}\r\n`
}

/** "operators-2025-03-04.csv": the export's name with the (UTC) date. */
export const csvFilename = (name: string, at: Date) => `${name}-${at.toISOString().slice(0, 10)}.csv`
