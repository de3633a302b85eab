import { describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import path from 'node:path'
import { Hono } from 'hono'
import { z } from 'zod'
import { asAnswer, respond } from './respond'

/**
 * respond() is checked by `tsc` (the `@ts-expect-error` lines below fail the
 * type check as soon as a wrong answer would compile) and at run time (it
 * sends the body as JSON with the status).
 */

const cardSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'matched']),
  owner: z.object({ name: z.string() }).nullable(),
  tags: z.array(z.object({ label: z.string() })),
})
const pageSchema = z.object({ items: z.array(cardSchema), has_more: z.boolean() })
const eitherSchema = z.discriminatedUnion('kind', [z.object({ kind: z.literal('a'), a: z.number() }), z.object({ kind: z.literal('b'), b: z.string() })])

const card = { id: 'r1', status: 'pending' as const, owner: { name: 'Ann' }, tags: [{ label: 'urgent' }] }
/** What a service returns: a value of its own declared type, not a literal. */
const service = <T>(value: T): T => value

const app = new Hono()
  .get('/right', (c) => respond(c, pageSchema, service({ items: [card], has_more: false })))
  .get('/created', (c) => respond(c, cardSchema, service(card), 201))
  // A Date is sent as its ISO string, so it may stand for a string (the schemas' times).
  .get('/time', (c) => respond(c, cardSchema, service({ ...card, id: new Date(0) })))
  .get('/union', (c) => respond(c, eitherSchema, service<{ kind: 'a'; a: number } | { kind: 'b'; b: string }>({ kind: 'b', b: 'x' })))
  // Each line below is a wrong answer; tsc fails if any of them stops being an error.
  // @ts-expect-error a field is missing (has_more)
  .get('/missing', (c) => respond(c, pageSchema, service({ items: [card] })))
  // @ts-expect-error a field is misnamed (hasMore)
  .get('/misnamed', (c) => respond(c, pageSchema, service({ items: [card], hasMore: false })))
  // @ts-expect-error a field has the wrong type
  .get('/mistyped', (c) => respond(c, cardSchema, service({ ...card, id: 7 })))
  // @ts-expect-error a value outside the enum
  .get('/enum', (c) => respond(c, cardSchema, service({ ...card, status: 'closed' as const })))
  // @ts-expect-error an undocumented field, nested in a list
  .get('/extra', (c) => respond(c, pageSchema, service({ items: [{ ...card, tags: [{ label: 'x', secret: 'y' }] }], has_more: false })))
  // @ts-expect-error an undocumented field inside a nullable object
  .get('/extra-nullable', (c) => respond(c, cardSchema, service({ ...card, owner: { name: 'Ann', email: 'a@b.c' } })))
  // @ts-expect-error a field of the other member of a union
  .get('/union-extra', (c) => respond(c, eitherSchema, service({ kind: 'a' as const, a: 1, b: 'x' })))

// asAnswer() checks a body sent another way (a cached JSON text) the same way.
asAnswer(cardSchema, service(card))
// @ts-expect-error an undocumented field
asAnswer(cardSchema, service({ ...card, secret: 'y' }))

describe('respond', () => {
  test('sends the body as JSON with the given status', async () => {
    const right = await app.request('/right')
    expect(right.status).toBe(200)
    expect(await right.json()).toEqual({ items: [card], has_more: false })
    const created = await app.request('/created')
    expect(created.status).toBe(201)
    expect(cardSchema.parse(await created.json())).toEqual(card)
    expect(((await (await app.request('/time')).json()) as { id: string }).id).toBe('1970-01-01T00:00:00.000Z')
  })
})

/**
 * Routers that answer in another standard's format, whose contract is that standard's schema, not an
 * API response schema: the HSDS 3.1 API (every answer validated against HSDS's own JSON Schemas in
 * directory.test.ts), the SMART client's JWK Set (RFC 7517, read back by jose in smart-launch.test.ts),
 * and SMART Backend Services' discovery and token answers (RFC 6749 JSON, backend-services.test.ts).
 */
const STANDARD_FORMATS = ['directory/hsds.routes.ts', 'smart/smart.routes.ts', 'systems/systems.routes.ts']

test('every route answers JSON through respond() (no untyped c.json)', () => {
  const features = path.join(import.meta.dir, '../features')
  const routeFiles = fs.readdirSync(features, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.routes.ts'))
  expect(routeFiles.length).toBeGreaterThan(20)
  for (const f of STANDARD_FORMATS) expect(routeFiles).toContain(f)
  const untyped = routeFiles.filter((f) => !STANDARD_FORMATS.includes(f) && fs.readFileSync(path.join(features, f), 'utf8').includes('c.json('))
  expect(untyped).toEqual([])
})

test('the browser takes every answer type from the response schemas (no hand-written answer types)', () => {
  const features = path.join(import.meta.dir, '../../client/src/features')
  const files = fs.readdirSync(features, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
  expect(files.length).toBeGreaterThan(100)
  const offending = files.flatMap((f) =>
    fs
      .readFileSync(path.join(features, f), 'utf8')
      .split('\n')
      // A literal answer type (api<{ ... }>), an untyped call (api('/x') answers unknown) or a service's type turned into JSON.
      .filter((line) => /\b(api|upload)<\{|\bapi\(|Jsonify</.test(line))
      .map((line) => `${f}: ${line.trim()}`),
  )
  expect(offending).toEqual([])
})
