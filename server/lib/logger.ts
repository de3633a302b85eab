import { env } from '../env'

/**
 * Minimal structured logger. Never pass referral fields, passwords, tokens or
 * card data: log ids and codes only.
 */
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const
type Level = Exclude<keyof typeof levels, 'silent'>
const threshold = levels[env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info')]

/**
 * Database errors quote the failed query's parameters, which may be user
 * data: they never reach the log.
 */
const redact = (value: unknown) =>
  typeof value === 'string' ? value.replace(/params:[\s\S]*?(\n {4}at |$)/g, 'params: [redacted]$1') : value

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (levels[level] < threshold) return
  const safe = fields && Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, redact(v)]))
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg: message, ...safe })
  if (level === 'error' || level === 'warn') console.error(line)
  else console.log(line)
}

export const log = {
  debug: (m: string, f?: Record<string, unknown>) => write('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => write('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => write('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => write('error', m, f),
}
