/**
 * Bad-input sweep: every API route, as every kind of caller, with
 * generated malformed path parameters, query strings and bodies. Never a 500,
 * a refused request leaves the database exactly as it was, and every answer
 * is one the OpenAPI document gives the route (status, the one error shape).
 */
import { describe, expect, test } from 'bun:test'
import { createApp } from '../app'
import { changeCountersSql } from '../db/dialect'
import { row } from '../db/raw'
import { ENGINE } from '../db/client'
import { contentDigest } from './content-digest'
import { contractProblems, documentedResponses } from './response-contract'
import { anonymous, createUser, setupTestDb, type TestAgent, db } from './setup'

setupTestDb()

const HUGE = 'x'.repeat(100_000)
const NASTY_STRINGS = [
  '',
  ' ',
  HUGE,
  "' OR 1=1; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '\u0000\u202e\ud83d\ude00',
  '-1',
  '1e309',
  'null',
]
const NASTY_VALUES: unknown[] = [null, true, -1, -1e308, 1e308, 0.5, Number.MAX_SAFE_INTEGER + 1, [], {}, [null], { $ne: 1 }, ...NASTY_STRINGS]

/** Bodies: wrong top-level types, then every known-looking field set to each nasty value. */
function bodies(): Array<string | unknown> {
  const fields = ['email', 'password', 'name', 'first_name', 'status', 'referral_id', 'operator_id', 'message', 'message_text', 'rating', 'reason', 'action', 'token', 'code', 'zip_code', 'total_beds', 'username', 'placed', 'grant', 'scheduled_date', 'decision', 'communication_rating', 'verification_status']
  const out: Array<string | unknown> = ['{not json', '', 'null', '[]', '"text"', '12', JSON.stringify({ a: HUGE })]
  for (const value of NASTY_VALUES) out.push(JSON.stringify(Object.fromEntries(fields.map((f) => [f, value]))))
  return out
}

/**
 * Moves with every write: a refused request must not move it. SQLite: rows
 * inserted, updated or deleted through the writer so far. PostgreSQL (no such
 * counter): a digest of every table's rows but the rate-limit windows, which
 * count attempts, refused ones too, on purpose (on SQLite they are in memory).
 */
const changes = async () =>
  ENGINE === 'sqlite' ? (await row<{ changes: number }>(db, changeCountersSql))!.changes : await contentDigest(db, { except: ['rate_limits'] })

function concretePaths(path: string): string[] {
  if (!path.includes(':')) return [path]
  const params = ["nope", '00000000-0000-0000-0000-000000000000', "' OR '1'='1", '..%2F..%2Fsecrets', '%00', 'a'.repeat(2000), '-1']
  return params.map((p) => path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, encodeURIComponent(p).replace(/%25/g, '%')))
}

describe('bad-input sweep', () => {
  test('no route answers 500, and refused requests write nothing', async () => {
    const app = createApp()
    const documented = documentedResponses(app)
    const callers: TestAgent[] = [
      anonymous(),
      (await createUser({ roles: ['referrer'] })).agent,
      (await createUser({ roles: ['operator'], plan: 'premium' })).agent,
      (await createUser({ roles: ['admin'] })).agent,
    ]
    const routes = app.routes
      .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL' && !r.path.includes('*'))
      .filter((r) => !['/api/events', '/api/openapi.json'].includes(r.path))
    expect(routes.length).toBeGreaterThan(30)
    const seen = new Set<string>()
    const failures: string[] = []
    // The reading after one request is the reading before the next (nothing else writes meanwhile): one per request.
    let before = await changes()
    for (const route of routes) {
      const key = `${route.method} ${route.path}`
      if (seen.has(key)) continue
      seen.add(key)
      const paths = concretePaths(route.path)
      const write = route.method !== 'GET' && route.method !== 'HEAD'
      // Every malformed path with an empty body, then every malformed body on a well-formed path.
      const cases: Array<[string, unknown]> = [
        ...paths.map((p): [string, unknown] => [p, write ? '{}' : undefined]),
        ...(write ? bodies().map((b): [string, unknown] => [paths[1] ?? paths[0]!, b]) : []),
      ]
      for (const [path, body] of cases) {
        for (const caller of callers) {
          {
            const query = route.method === 'GET' ? `?page=-1&per_page=1e9&radius=${encodeURIComponent(HUGE.slice(0, 500))}&status=%27&zip=<x>` : ''
            const res = await caller.request(route.method, path + query, {
              body: body as string | undefined,
              headers: { 'content-type': 'application/json' },
            })
            if (res.status >= 500) failures.push(`${key} ${path.slice(0, 80)} → ${res.status} ${res.text.slice(0, 200)}`)
            // Every refusal is one the route documents, in the one error shape.
            for (const problem of await contractProblems(documented.get(key), res)) failures.push(`${key} ${path.slice(0, 80)} → ${res.status}: ${problem}`)
            const after = await changes()
            if (res.status >= 400 && after !== before) failures.push(`${key} ${path.slice(0, 80)} refused with ${res.status} but changed the database`)
            before = after
          }
        }
      }
    }
    expect(failures).toEqual([])
  }, 600_000)
})
