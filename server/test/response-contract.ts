import type { Hono } from 'hono'
import { uniqueSymbol } from 'hono-openapi'
import { findTargetHandler } from 'hono/utils/handler'
import { errorSchema } from '../lib/openapi'

/**
 * The published contract held against real answers: each route's
 * documented responses are read from its describeRoute() (the zod schemas the
 * OpenAPI document is generated from), and an answer is checked against the
 * one documented for its status.
 */

type Issue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> }
type Validation = { value?: unknown; issues?: readonly Issue[] }
/** hono-openapi's resolver(): the schema's Standard Schema validator. */
type Resolver = { validate: (value: unknown) => Validation | Promise<Validation> }
type Documented = { $ref?: string; content?: Record<string, { schema?: unknown }> }
export type DocumentedResponses = Record<string, Documented>

/** The responses each route documents, by `METHOD /api/path` as app.routes names it. */
export function documentedResponses(app: Hono<any>): Map<string, DocumentedResponses> {
  const map = new Map<string, DocumentedResponses>()
  for (const route of app.routes) {
    const described = (findTargetHandler(route.handler) as unknown as Record<symbol, { spec?: { responses?: DocumentedResponses } }>)[uniqueSymbol]
    if (described?.spec?.responses) map.set(`${route.method} ${route.path}`, described.spec.responses)
  }
  return map
}

const isResolver = (schema: unknown): schema is Resolver => !!schema && typeof (schema as Resolver).validate === 'function'

/** The documented JSON schema of a success status, if any. */
export function jsonSchemaOf(responses: DocumentedResponses | undefined, status: number): Resolver | undefined {
  const schema = responses?.[String(status)]?.content?.['application/json']?.schema
  return isResolver(schema) ? schema : undefined
}

const pathOf = (issue: Issue) => (issue.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.') || '(body)'

/** Fields of `sent` that the schema does not describe (zod strips them from the parsed value). */
function undocumented(sent: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) return sent.flatMap((v, i) => undocumented(v, parsed[i], `${at}[${i}]`))
  if (!sent || !parsed || typeof sent !== 'object' || typeof parsed !== 'object') return []
  const out: string[] = []
  for (const [key, value] of Object.entries(sent)) {
    const where = at ? `${at}.${key}` : key
    if (!(key in parsed)) out.push(where)
    else out.push(...undocumented(value, (parsed as Record<string, unknown>)[key], where))
  }
  return out
}

/**
 * What is wrong with an answer of a route against its documentation: an
 * undocumented status or content type, a body the schema rejects (the one
 * error shape for 4xx/5xx), or fields the schema does not mention.
 */
export async function contractProblems(
  responses: DocumentedResponses | undefined,
  res: { status: number; headers: Headers; json: unknown },
): Promise<string[]> {
  // Routes missing from the document are the completeness test's (openapi.test.ts).
  if (!responses) return []
  const documented = responses[String(res.status)]
  if (res.status >= 400) {
    if (!documented) return [`error status ${res.status} is not documented (documented: ${Object.keys(responses).join(', ')})`]
    const parsed = errorSchema.safeParse(res.json)
    if (!parsed.success) return parsed.error.issues.slice(0, 5).map((i) => `error body.${pathOf(i)}: ${i.message}`)
    return undocumented(res.json, parsed.data).map((field) => `error body.${field} is not in the Error schema`)
  }
  if (!documented) return [`status ${res.status} is not documented (documented: ${Object.keys(responses).join(', ')})`]
  const content = documented.content ?? {}
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim()
  if (!type) return Object.keys(content).length ? [`no body, documented ${Object.keys(content).join(', ')}`] : []
  if (!(type in content) && !('*/*' in content)) return [`content type ${type} is not documented (documented: ${Object.keys(content).join(', ') || 'none'})`]
  if (type !== 'application/json') return []
  const schema = jsonSchemaOf(responses, res.status)
  if (!schema) return ['JSON answer without a documented schema']
  const result = await schema.validate(res.json)
  if (result.issues) return result.issues.slice(0, 5).map((i) => `body.${pathOf(i)}: ${i.message}`)
  return undocumented(res.json, result.value).slice(0, 10).map((field) => `body.${field} is not in the schema`)
}
