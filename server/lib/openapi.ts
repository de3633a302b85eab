import { resolver, type ResponsesWithResolver } from 'hono-openapi'
import { z } from 'zod'
import { ERROR_CODES } from '../errors'

/**
 * Building blocks of the OpenAPI document (GET /api/openapi.json).
 *
 * The error body is described once (components.schemas.Error, one
 * components.responses entry per status) and every operation references the
 * statuses it can answer with `errors(...)`. Success bodies use the zod
 * schemas through `jsonResponse(schema)`. Routes spread both into
 * `describeRoute({ responses })`, and send the body through
 * `respond(c, schema, body)` (respond.ts), so the same schema types it.
 */

/** The API's one error shape, as app.onError sends it (ApiErrorBody in server/errors.ts). */
export const errorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string().describe("What the user sees (the product’s exact text)"),
    fields: z.record(z.string(), z.string()).optional().describe('422 only: one message per invalid field'),
  }),
})

/** The statuses the API answers with an error body, and what each means. */
const ERROR_STATUSES = {
  400: ['BadRequest', 'Malformed request (unreadable JSON, bad token or signature)'],
  401: ['Unauthorized', 'Not signed in, or wrong credentials'],
  403: ['Forbidden', 'Signed in but not allowed (code premium_required when the plan does not include it; csrf for a cross-site request)'],
  404: ['NotFound', 'Unknown, or not visible to you'],
  409: ['Conflict', 'Conflicts with the current state (e.g. escrow_slot_full, username_taken)'],
  410: ['Gone', 'The link has expired'],
  413: ['TooLarge', 'Request body or file too large'],
  415: ['UnsupportedType', 'File type not accepted (checked from the bytes)'],
  422: ['ValidationError', "Validation failed: message is the first failing message, fields one message per field"],
  429: ['RateLimited', 'Too many requests; see Retry-After'],
  502: ['ProviderError', 'The payment provider could not be reached'],
  503: ['SealedDataUnavailable', 'Encrypted data whose key is missing, or the server is busy (code server_busy, with Retry-After: password checks queued past a few seconds)'],
  500: ['InternalError', 'Unexpected error (code internal_error; logged with the request id)'],
} as const
export type ErrorStatus = keyof typeof ERROR_STATUSES

/**
 * The error responses an operation can answer, as references to the shared
 * components. 500 is added to every operation: any unexpected error becomes one.
 */
export function errors(...statuses: ErrorStatus[]): ResponsesWithResolver {
  return Object.fromEntries([...statuses, 500 as const].map((s) => [String(s), { $ref: `#/components/responses/${ERROR_STATUSES[s][0]}` }]))
}

/** A JSON success response described by a zod schema. */
export function jsonResponse(schema: z.ZodType, status: 200 | 201 = 200, description = status === 201 ? 'Created' : 'OK'): ResponsesWithResolver {
  return { [status]: { description, content: { 'application/json': { schema: resolver(schema) } } } }
}

/** components for the document: the Error schema and one response per error status. */
export function errorComponents() {
  const ref = { $ref: '#/components/schemas/Error' }
  const { $schema: _dialect, ...error } = z.toJSONSchema(errorSchema) as Record<string, unknown>
  return {
    schemas: { Error: error },
    responses: Object.fromEntries(
      Object.values(ERROR_STATUSES).map(([name, description]) => [name, { description, content: { 'application/json': { schema: ref } } }]),
    ),
  }
}

/** A time as the API sends it: ISO 8601 in UTC (Date#toISOString). */
export const isoTime = z.iso.datetime()
/** A list answer: `{ items }`. */
export const itemsOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) })
/** One page of a list: `{ items, page, per_page, has_more }`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), per_page: z.number().int(), has_more: z.boolean().describe('Another page follows') })

/** Small answers shared by many routes. */
export const okSchema = z.object({ ok: z.literal(true) })
export const messageSchema = z.object({ message: z.string() })
export const urlSchema = z.object({ url: z.string().describe('Where the browser goes next (Stripe, or the built-in offline page)') })
/** How many items were marked read (conversations, notifications). */
export const updatedCountSchema = z.object({ updated: z.number().int() })

/** A file download: the stored type (PDF, image, Word document), decrypted as it streams. */
export function fileResponse(description: string): ResponsesWithResolver {
  return { 200: { description, content: { '*/*': { schema: { type: 'string', format: 'binary' } } } } }
}

/** A text download of a fixed type (CSV exports, calendar files). */
export function textFileResponse(mediaType: 'text/csv' | 'text/calendar', description: string): ResponsesWithResolver {
  return { 200: { description, content: { [mediaType]: { schema: { type: 'string' } } } } }
}

/** The server-sent event stream (ADR 007): `id:` and `data: {"type","data"}` frames, heartbeats as comments. */
export function eventStreamResponse(description: string): ResponsesWithResolver {
  return { 200: { description, content: { 'text/event-stream': { schema: { type: 'string' } } } } }
}

/** A FHIR R4 resource (application/fhir+json), described by the R4 definitions rather than here (ADR 026). */
export function fhirResponse(schema: z.ZodType, description: string): ResponsesWithResolver {
  return { 200: { description, content: { 'application/fhir+json': { schema: resolver(schema) } } } }
}
