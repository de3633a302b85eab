import type { ContentfulStatusCode } from 'hono/utils/http-status'

/**
 * The one error type services throw. `message` is what the user sees (the
 * specification's text); `internal` is for logs only and never leaves the server.
 * Only app.onError turns it into the API error shape:
 *   {"error": {"code", "message", "fields"}}
 */
export class AppError extends Error {
  constructor(
    public code: string,
    public status: ContentfulStatusCode,
    message: string,
    public fields?: Record<string, string>,
    public internal?: string,
    public headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const badRequest = (message = 'Malformed request') => new AppError('bad_request', 400, message)
export const unauthorized = (message = 'Please sign in to continue') =>
  new AppError('unauthorized', 401, message)
export const forbidden = (message = 'You are not allowed to do that', code = 'forbidden') =>
  new AppError(code, 403, message)
export const premiumRequired = (message = 'This feature requires a Premium subscription') =>
  new AppError('premium_required', 403, message)
export const notFound = (message = 'Not found') => new AppError('not_found', 404, message)
export const conflict = (code: string, message: string) => new AppError(code, 409, message)
export const tooLarge = (message: string) => new AppError('too_large', 413, message)
export const unsupportedType = (message: string) => new AppError('unsupported_type', 415, message)
export const invalid = (message: string, fields?: Record<string, string>) =>
  new AppError('validation_error', 422, message, fields ?? {})
export const rateLimited = (retryAfterSeconds: number, message = 'Too many attempts. Please try again later.') =>
  new AppError('rate_limited', 429, message, undefined, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  })
