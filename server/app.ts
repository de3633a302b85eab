import { isUnstorableText } from './db/dialect'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { requestId } from 'hono/request-id'
import { secureHeaders } from 'hono/secure-headers'
import { describeRoute, openAPIRouteHandler } from 'hono-openapi'
import { database } from './db/client'
import { AppError, forbidden, notFound, notReady, tooLarge, type ApiErrorBody, type ErrorCode } from './errors'
import { sql } from 'drizzle-orm'
import * as accounts from './features/accounts'
import * as admin from './features/admin'
import * as payouts from './features/payouts'
import * as analytics from './features/analytics'
import { sessionMiddleware } from './features/auth'
import * as billing from './features/billing'
import * as directory from './features/directory'
import * as documents from './features/documents'
import * as fhir from './features/fhir'
import * as geo from './features/geo'
import * as invitations from './features/invitations'
import * as marketplace from './features/marketplace'
import * as messaging from './features/messaging'
import * as notifications from './features/notifications'
import * as operators from './features/operators'
import * as properties from './features/properties'
import * as referrals from './features/referrals'
import * as reviews from './features/reviews'
import * as smart from './features/smart'
import * as systems from './features/systems'
import * as tours from './features/tours'
import * as verification from './features/verification'
import { mediaRoutes } from './storage/media.routes'
import { seoRoutes } from './features/seo'
import { log } from './lib/logger'
import { isDraining } from './lib/lifecycle'
import { row } from './db/raw'
import { errorComponents, errors, jsonResponse } from './lib/openapi'
import { healthSchema, publicConfigSchema } from './app.responses'
import { respond } from './lib/respond'
// Checkout kinds and job kinds register on import: one list (composition.ts).
import './composition'
import { SEALED_DATA_UNAVAILABLE, SealedDataError } from './lib/crypto'
import { getCookie } from 'hono/cookie'
import { isMessageKey, LANGUAGE_COOKIE, type Locale, requestLocale, translate } from './i18n'
import { parseKeyed } from './i18n/keyed'
import { withDisclosureScope } from './features/privacy'
import { publicConfig } from './lib/public-config'
import { publicUrl } from './env'
import type { AppEnv } from './types'
import type { Metrics } from './metrics/metrics'
import { clientHandler, type ClientAssets } from './static'
import { namesMissingRecord } from './page-records'
import { compressJson } from './lib/compress'
import pkg from '../package.json'
import { pingStore, storageProblem } from './storage/storage-check'
import { fileStore } from './storage/store'

/** The one error shape of the API (README); `code` is one of the closed ErrorCode list. */
const errorBody = (code: ErrorCode, message: string, fields?: Record<string, string>): ApiErrorBody => ({ error: { code, message, fields } })

/**
 * The request's language (ADR 037): set once the session is known (the saved
 * language of the signed-in person); before that (a refusal earlier in the
 * chain), the switcher's cookie, else Accept-Language.
 */
const localeOf = (c: Context<AppEnv>): Locale =>
  c.get('locale') ?? requestLocale(null, getCookie(c, LANGUAGE_COOKIE), c.req.header('accept-language'))

/** A message, or a field's, said in `locale` when it is a catalog key (keyed or AppError's own); other text as it is. */
function say(locale: Locale, text: string): string {
  const parsed = parseKeyed(text)
  return parsed && isMessageKey(parsed.key) ? (translate(locale, parsed.key, parsed.values) ?? text) : text
}
const sayFields = (locale: Locale, fields?: Record<string, string>) =>
  fields && Object.fromEntries(Object.entries(fields).map(([field, text]) => [field, say(locale, text)]))

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Upload routes enforce their own (larger, streamed) limits; `video` is the operator's video introduction; a health record may be 20 MB (ADR 026). */
const UPLOAD_PATHS = /\/(images|videos?|photo|documents|license-proofs|fhir-import)$/
const JSON_LIMIT = 1024 * 1024

/**
 * State-changing requests must come from our own origin (CSRF). Browsers send
 * Origin on every POST/PATCH/DELETE; clients without one (CLI, curl) carry no
 * ambient cookie risk. Webhooks are authenticated by signature instead.
 */
function sameOrigin(c: Context) {
  // One-click unsubscribe (RFC 8058): a mail client's POST, from no page of ours, authenticated by the link's token.
  if (SAFE_METHODS.has(c.req.method) || c.req.path.startsWith('/api/webhooks/') || c.req.path.startsWith('/api/email-unsubscribe/')) return true
  if (c.req.header('sec-fetch-site') === 'cross-site') return false
  const origin = c.req.header('origin')
  if (!origin) return true
  try {
    const { host } = new URL(origin)
    return host === c.req.header('host') || host === new URL(c.req.url).host || origin === new URL(publicUrl()).origin
  } catch {
    return false
  }
}

export function createApp(options: { client?: ClientAssets; metrics?: Metrics } = {}) {
  const app = new Hono<AppEnv>()

  // First, so it times everything after it (server/metrics; only when METRICS_TOKEN is set).
  if (options.metrics) app.use(options.metrics.record)
  app.use(requestId())
  // JSON answers of 1 KB or more travel compressed (zstd, brotli or gzip, compress.ts); the client's files come precompressed (static.ts).
  app.use('/api/*', compressJson())
  // The public directory's feeds too (ADR 032): a harvester reads many pages of them.
  app.use('/fhir/*', compressJson())
  app.use('/hsds/*', compressJson())
  // The composition root hands the process's database to every handler (c.var.db, ADR 020).
  app.use(async (c, next) => {
    c.set('db', database())
    await next()
  })
  // Only /smart/ pages and the form a launch opens may be framed, by registered EHRs only (ADR 033).
  // Before secureHeaders: it adjusts the headers secureHeaders sets after the handler.
  app.use(smart.launchFraming)
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and sonner position popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: 'strict-origin-when-cross-origin',
    }),
  )

  app.use('/api/*', async (c, next) => {
    if (!sameOrigin(c)) throw forbidden('errors.crossSiteRequestRefused', 'csrf')
    await next()
  })
  app.use('/api/*', async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || UPLOAD_PATHS.test(c.req.path)) return next()
    return bodyLimit({
      maxSize: JSON_LIMIT,
      onError: () => {
        throw tooLarge('errors.bodyTooLarge')
      },
    })(c, next)
  })
  app.use('*', sessionMiddleware)
  app.use('*', async (c, next) => {
    c.set('locale', requestLocale(c.get('user')?.preferred_language, getCookie(c, LANGUAGE_COOKIE), c.req.header('accept-language')))
    await next()
  })
  // Each request records a referral's disclosure once, with the client IP (privacy/disclosures.ts).
  app.use('*', (c, next) => withDisclosureScope(c.get('ip'), next))

  const api = new Hono<AppEnv>()
  // What a load balancer asks: 200 when this instance takes requests and its database and file storage answer, else 503 (ADR 022, 025).
  api.get('/health', describeRoute({ tags: ['health'], summary: 'Readiness (the database and the file storage answer, not shutting down) and the running version', responses: { ...jsonResponse(healthSchema), ...errors(503) } }), async (c) => {
    if (isDraining()) throw notReady('errors.instanceShuttingDown')
    try {
      await row(c.var.db, sql`SELECT 1 AS one`)
    } catch (error) {
      log.warn('health check: the database does not answer', { error: String(error) })
      throw notReady('errors.databaseDoesNotAnswer')
    }
    try {
      await pingStore()
    } catch (error) {
      log.warn('health check: the file storage does not answer', { problem: storageProblem(fileStore(), error) })
      throw notReady('errors.fileStorageDoesNotAnswer')
    }
    return respond(c, healthSchema, { ok: true, version: pkg.version })
  })
  api.get('/config', describeRoute({ tags: ['health'], summary: 'Every figure the pages state (fees, holds, limits, contact), from the configuration the server enforces', responses: { ...jsonResponse(publicConfigSchema), ...errors() } }), (c) =>
    respond(c, publicConfigSchema, publicConfig()),
  )
  // One router per area, each from the area's index.ts (ADR 018).
  for (const area of [
    accounts,
    geo,
    properties,
    operators,
    tours,
    invitations,
    referrals,
    marketplace,
    billing,
    messaging,
    documents,
    reviews,
    analytics,
    admin,
    payouts,
    fhir,
    smart,
    notifications,
    verification,
  ]) {
    api.route('/', area.router)
  }
  api.get(
    '/openapi.json',
    openAPIRouteHandler(api, {
      documentation: {
        info: { title: 'Homeward API', version: pkg.version, description: 'Referral marketplace for group homes' },
        servers: [{ url: '/api' }],
        // The one error shape, referenced by every operation (errors() in lib/openapi.ts).
        components: errorComponents(),
      },
      // hono-openapi would add a 400 in its own validator shape; validation answers 422 in ours.
      defaultValidationErrorResponse: false,
      // The CSV exports (/admin/*.csv) would otherwise be dropped as "static files".
      excludeStaticFile: false,
    }),
  )
  api.all('*', () => {
    throw notFound('errors.noSuchEndpoint')
  })
  app.route('/api', api)
  app.route('/', mediaRoutes)
  // The FHIR base: the CapabilityStatement (ADR 026).
  app.route('/fhir/r4', fhir.metadataRouter)
  // SMART App Launch from an EHR: /smart/launch, /smart/callback, /smart/jwks.json (ADR 033).
  app.route('/smart', smart.smartPages)
  // Registered systems (SMART Backend Services, ADR 038): discovery and the token endpoint. Before the
  // directory, whose rate limit and cross-site headers are for its public reads.
  app.route('/fhir/r4', systems.fhirRouter)
  // A registered system creates a referral with a transaction Bundle; the referral's extensions (ADR 041).
  app.route('/fhir/r4', fhir.transactionRouter)
  app.route('/', systems.rootRouter)
  // Subscriptions (R4 Backport rest-hook, ADR 043): bearer-token routes, before the directory's open reads.
  app.route('/fhir/r4', fhir.subscriptionsRouter)
  // Their FHIR REST API: reads, searches, the Task's cancellation, documents as Binary (ADR 042). Before the directory too.
  app.route('/fhir/r4', fhir.restRouter)
  // The public directory of homes and their open beds: FHIR R4 and Open Referral HSDS 3.1 (ADR 032).
  app.route('/fhir/r4', directory.fhirRouter)
  app.route('/', directory.hsdsRouter)
  app.route('/', seoRoutes)
  if (options.metrics) app.get('/metrics', options.metrics.handler)

  // Public pages are rendered by asking the app itself, as a visitor (server/ssr/render.tsx).
  if (options.client) {
    app.get(
      '*',
      clientHandler(options.client, {
        apiFetch: async (url, init) => app.request(url, init),
        missing: (c, pathname) => namesMissingRecord(c.var.db, pathname),
      }),
    )
  }

  app.notFound((c) => c.json(errorBody('not_found', translate(localeOf(c), 'errors.notFound')!), 404))
  app.onError((error, c) => {
    if (error instanceof AppError) {
      for (const [k, v] of Object.entries(error.headers ?? {})) c.header(k, v)
      if (error.internal) log.warn(error.internal, { code: error.code, request_id: c.get('requestId') })
      const locale = localeOf(c)
      const message = error.key ? translate(locale, error.key, error.values)! : error.message
      return c.json(errorBody(error.code, message, sayFields(locale, error.fields)), error.status)
    }
    if (error instanceof SealedDataError) {
      // The record is named by the path (its id); the values never reach the log.
      log.error('sealed data could not be opened', { request_id: c.get('requestId'), method: c.req.method, path: c.req.path, column: error.column, key_id: error.keyId })
      return c.json(errorBody('sealed_data_unavailable', SEALED_DATA_UNAVAILABLE), 503)
    }
    if (isUnstorableText(error)) {
      // A NUL character in a value: PostgreSQL's text cannot hold it (SQLite stores it). Nothing stored can
      // match it, so a read looking it up finds nothing (as on SQLite); a write is refused (its transaction rolled back).
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return c.json(errorBody('not_found', translate(localeOf(c), 'errors.notFound')!), 404)
      return c.json(errorBody('bad_request', translate(localeOf(c), 'errors.nulCharacter')!), 400)
    }
    if (error instanceof HTTPException) {
      const status = error.status
      const code = status === 400 ? 'bad_request' : status === 413 ? 'too_large' : 'http_error'
      return c.json(errorBody(code, error.message || 'Bad request'), status)
    }
    log.error('unhandled error', {
      request_id: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      // drizzle wraps the driver's error ("Failed query: …"); its cause says what the database refused.
      cause: error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined,
      // The SQL text of a statement PostgreSQL refused (postgres.ts), never its parameters.
      statement: ((error as { statement?: string }).statement ?? ((error as Error).cause as { statement?: string } | undefined)?.statement) || undefined,
    })
    return c.json(errorBody('internal_error', translate(localeOf(c), 'errors.internal')!), 500)
  })
  return app
}

export type App = ReturnType<typeof createApp>
