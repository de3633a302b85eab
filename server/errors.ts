import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { isMessageKey, translate, type Values } from './i18n'
import { parseKeyed } from './i18n/keyed'

/**
 * Every `error.code` the API sends, grouped by the status it comes with. The
 * list is closed: AppError only takes one of these, so a new code is added
 * here (and the client, which imports the type, sees it). The OpenAPI
 * document publishes the same list.
 */
export const ERROR_CODES = [
  // 400 malformed: bad JSON, a bad token or webhook signature
  'bad_request', 'bad_signature', 'invalid_token', 'webhooks_not_configured',
  // 401 not signed in, or wrong credentials / code
  'unauthorized', 'invalid_credentials', 'invalid_code',
  // 403 signed in but not allowed (or the plan does not include it)
  'forbidden', 'premium_required', 'csrf', 'email_unverified', 'escrow_holder', 'own_referral', 'token_mismatch',
  'two_factor_required', 'two_factor_enrolment_required',
  // 404 unknown or not visible to you
  'not_found',
  // 409 conflicts with the current state
  'already_admin', 'already_cancelled', 'already_declined', 'already_reviewed', 'already_signed', 'already_subscribed',
  'already_unlocked', 'already_verified', 'already_waitlisted', 'client_revoked', 'checkout_expired', 'checkout_in_progress', 'ehr_registered', 'email_taken',
  'escrow_not_held', 'escrow_open', 'escrow_slot_full', 'interest_committed', 'invitation_declined', 'last_admin', 'link_used',
  'manage_at_provider', 'no_escrow', 'payout_paid', 'no_subscription', 'not_admin', 'not_failed', 'not_matched', 'not_placed',
  'proof_superseded', 'proposal_replaced', 'referral_closed', 'referral_inactive', 'review_link_used',
  'signature_not_required', 'tour_cancelled', 'tour_completed', 'tour_rescheduling', 'two_factor_disabled',
  'two_factor_enabled', 'username_taken', 'waitlist_entry_inactive', 'shortlist_full',
  // 410 a link past its time
  'link_expired', 'review_link_expired',
  // 412 a stale If-Match (the FHIR API's versioned update)
  'version_mismatch',
  // 413 too large, 415 wrong file type
  'too_large', 'unsupported_type',
  // 422 validation (the product’s exact message; `fields` per field)
  'validation_error', 'invalid_password', 'geocoding_failed', 'invalid_fhir', 'too_many_files', 'too_many_videos',
  // 429 rate limited (with Retry-After)
  'rate_limited',
  // 5xx: the payment provider, sealed data without its key, too busy to take more (503, Retry-After), an instance
  // not ready to serve (503: shutting down, or its database does not answer), anything unexpected
  'payment_provider_error', 'provider_error', 'sealed_data_unavailable', 'server_busy', 'not_ready', 'internal_error',
  // any other status Hono raises itself
  'http_error',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** The API's error body, as app.onError sends it. */
export type ApiErrorBody = { error: { code: ErrorCode; message: string; fields?: Record<string, string> } }

/**
 * The one error type services throw. `message` is what the user sees (the
 * product’s exact text); `internal` is for logs only and never leaves the server.
 * Only app.onError turns it into the API error shape:
 *   {"error": {"code", "message", "fields"}}
 *
 * A message given as a key of the server's catalogs (`errors.notFound`, or with
 * values: `keyed('errors.x', { n })`, server/i18n/keyed.ts) keeps its key and
 * values: app.onError says it in the request's language; `message` holds the
 * English (logs, tests). Field messages may be keys too (the shared zod
 * schemas'). English text not yet in a catalog is sent as it is (docs/i18n.md).
 */
export class AppError extends Error {
  public key?: string
  public values?: Values
  constructor(
    public code: ErrorCode,
    public status: ContentfulStatusCode,
    message: string,
    public fields?: Record<string, string>,
    public internal?: string,
    public headers?: Record<string, string>,
  ) {
    const parsed = parseKeyed(message)
    const known = parsed && isMessageKey(parsed.key) ? parsed : null
    super(known ? translate('en', known.key, known.values)! : message)
    this.name = 'AppError'
    if (known) {
      this.key = known.key
      this.values = known.values
    }
  }
}

export const badRequest = (message = 'errors.badRequest') => new AppError('bad_request', 400, message)
export const unauthorized = (message = 'errors.unauthorized') =>
  new AppError('unauthorized', 401, message)
export const forbidden = (message = 'errors.forbidden', code: ErrorCode = 'forbidden') =>
  new AppError(code, 403, message)
export const premiumRequired = (message = 'errors.premiumRequired') =>
  new AppError('premium_required', 403, message)
export const notFound = (message = 'errors.notFound') => new AppError('not_found', 404, message)
export const conflict = (code: ErrorCode, message: string) => new AppError(code, 409, message)
export const preconditionFailed = (message: string) => new AppError('version_mismatch', 412, message)
export const tooLarge = (message: string) => new AppError('too_large', 413, message)
export const unsupportedType = (message: string) => new AppError('unsupported_type', 415, message)
export const invalid = (message: string, fields?: Record<string, string>) =>
  new AppError('validation_error', 422, message, fields ?? {})
export const rateLimited = (retryAfterSeconds: number, message = 'errors.rateLimited') =>
  new AppError('rate_limited', 429, message, undefined, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  })
/** 503 from /api/health: this instance should get no traffic now (a load balancer sends it elsewhere). */
export const notReady = (message: string) => new AppError('not_ready', 503, message, undefined, undefined, { 'Retry-After': '1' })

/** 503 with Retry-After: a bounded queue is full, the request is answered at once instead of waiting. */
export const serverBusy = (retryAfterSeconds: number, message = 'errors.serverBusy') =>
  new AppError('server_busy', 503, message, undefined, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) })
