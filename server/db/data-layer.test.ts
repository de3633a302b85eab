/**
 * The data layer's rules, checked over the source (ADR 020): services receive
 * their database; one transaction API; no synchronous driver calls, so an
 * async engine can sit under every service.
 */
import { describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dir, '../..')

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f))
}

/** Production server code: everything but tests, the test harness and server/db itself. */
const services = [...sources('server'), ...sources('bin')].filter(
  (f) => !f.startsWith('server/db/') && !f.startsWith('server/test/') && !/fixtures\.ts$/.test(f),
)
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')

/** Files that open the process's database and hand it down: they alone may import `database()`. */
const COMPOSITION_ROOTS = new Set(['server/app.ts', 'server/main.ts', 'server/boot.ts'])

/** The search cache is keyed by (and reads its change counters from) the connection; key rotation re-seals columns through the writer's connection. */
const CONNECTION_USERS = new Set(['server/features/properties/search-cache.ts', 'server/features/privacy/rotate-keys.ts'])
/** Backup and restore work on the SQLite file itself (VACUUM INTO, integrity_check), not through the services. */
const SQLITE_FILE_TOOLS = new Set(['server/cli/backup.ts'])

const offending = (pattern: RegExp, allowed: (file: string) => boolean = () => false) =>
  services.filter((f) => !allowed(f) && pattern.test(read(f))).sort()

describe('the data layer (ADR 020)', () => {
  test('the files checked are the server code', () => {
    expect(services.length).toBeGreaterThan(200)
    expect(services).toContain('server/features/marketplace/unlock-referral.ts')
  })

  test('only the composition roots take the process database; services receive it', () => {
    const importsRoot = /import\s*\{[^}]*\b(database|useDatabase|fixtureHandle|writerOf)\b[^}]*\}\s*from\s*'[./]*(db\/)?client'/
    expect(offending(importsRoot, (f) => COMPOSITION_ROOTS.has(f))).toEqual([])
  })

  test('one transaction API: transaction() from server/db/unit-of-work', () => {
    expect(offending(/\.transaction\(/)).toEqual([])
    expect(offending(/transactionSync/)).toEqual([])
  })

  test('no synchronous driver calls: every query is awaited', () => {
    // .get()/.all()/.run()/.values() end a drizzle builder synchronously on bun:sqlite only.
    expect(offending(/\.(get|all|run)\(\)/, (f) => CONNECTION_USERS.has(f) || SQLITE_FILE_TOOLS.has(f))).toEqual([])
    // $client is the bun:sqlite connection itself: only where the connection is the point.
    expect(offending(/\$client\b/, (f) => CONNECTION_USERS.has(f) || SQLITE_FILE_TOOLS.has(f))).toEqual([])
  })

  test('SQLite-only SQL lives in server/db/dialect.ts', () => {
    expect(offending(/\binstr\(|sqlite_sequence|data_version|total_changes|json_each|INDEXED BY/)).toEqual([])
    // bun:sqlite's `$name` parameters cannot reach the driver any more: raw.ts takes only drizzle `sql`
    // templates (bound values), and no service touches the connection itself ($client, above).
  })
})
