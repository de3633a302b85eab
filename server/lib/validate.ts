import type { MiddlewareHandler } from 'hono'
import { validator as openApiValidator } from 'hono-openapi'
import type { z } from 'zod'
import { type AppError, invalid } from '../errors'

/**
 * Turns zod issues into the API's validation error: 422, `message` = the first
 * failing message (the product’s exact text), `fields` = one message per field.
 */
type Issue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> }

export function validationError(issues: readonly Issue[]): AppError {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const path = (issue.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p))
    fields[path.length ? path.join('.') : '_'] ??= issue.message
  }
  return invalid(issues[0]?.message ?? 'errors.invalidInput', fields)
}

type Target = 'json' | 'query' | 'param' | 'form'

/**
 * Validates one part of the request with a zod schema and documents it in the
 * OpenAPI contract (hono-openapi picks the schema up from this middleware).
 * Read the result with `c.req.valid(target)`.
 */
export function validate<T extends z.ZodType, K extends Target>(target: K, schema: T) {
  return openApiValidator(target, schema, (result: { success: boolean; error?: unknown }) => {
    if (!result.success) {
      throw validationError(result.error as Issue[])
    }
    // biome-ignore lint/suspicious/noExplicitAny: the env is left open so one validator fits every router, as Hono's own validator does
  }) as unknown as MiddlewareHandler<any, string, { in: { [P in K]: z.input<T> }; out: { [P in K]: z.output<T> } }>
}
