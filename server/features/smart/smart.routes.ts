import { Hono, type Context } from 'hono'
import { getCookie, setCookie, deleteCookie } from 'hono/cookie'
import { describeRoute } from 'hono-openapi'
import { z } from 'zod'
import { AppError } from '../../errors'
import { HOUR } from '../../lib/clock'
import { log } from '../../lib/logger'
import { limiter } from '../../lib/rate-limit'
import { errors, jsonResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { actorOf, adminOnly, LAUNCH_FRAME_COOKIE, requireUser } from '../auth'
import { healthRecordImportSchema } from '../fhir'
import { claimDraft } from './claim-draft'
import { addEhr, launchUrl, listEhrs, publicKeys, redirectUrl, removeEhr } from './ehr-registry'
import { finishLaunch } from './finish-launch'
import { launchProblemPage } from './launch-page'
import { LaunchError } from './launch-error'
import { addEhrSchema, smartEhrAddedSchema, smartEhrListSchema, smartEhrSchema } from './smart.schemas'
import { startLaunch } from './start-launch'

/** The browser's half of a launch: its token, whose SHA-256 the launch row holds (ADR 033). */
export const LAUNCH_COOKIE = 'hw_smart'
/** Where the launched browser lands: the referral form, which picks the draft up (the query lets it be framed). */
export const LAUNCHED_FORM = '/submit-referral?from=ehr'

/**
 * Each launch stores a row and makes Homeward call the EHR: bounded per address. A hospital's planners
 * may share one address, so the bound is far above what one person does.
 */
export const launchesPerIp = limiter('smart-launches', 300, HOUR, (minutes) => `Too many launches from this network. Try again in ${minutes} minutes.`)

const isFramed = (c: Context) => ['iframe', 'frame'].includes(c.req.header('sec-fetch-dest') ?? '')

/**
 * The launch's cookies. In an EHR's frame Homeward is a third party: only `SameSite=None; Secure`
 * cookies are sent there, and browsers that block third-party cookies (Chromium's incognito, Safari)
 * keep only `Partitioned` ones (CHIPS: kept apart for that EHR as the top-level site), which is also
 * what a launch inside one EHR should see. Everywhere else they stay Lax. The frame marker makes the
 * session signed in from this launch such a cookie too (auth/session.ts), and only that one.
 */
function setLaunchCookies(c: Context, browserToken: string, framed: boolean) {
  const base = { httpOnly: true, path: '/', maxAge: 3600 } as const
  if (framed) {
    setCookie(c, LAUNCH_COOKIE, browserToken, { ...base, sameSite: 'None', secure: true, partitioned: true })
    setCookie(c, LAUNCH_FRAME_COOKIE, '1', { ...base, sameSite: 'None', secure: true, partitioned: true })
  } else {
    // Secure over HTTPS, also behind a proxy that ends TLS (as the session cookie decides it).
    const https = new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https'
    setCookie(c, LAUNCH_COOKIE, browserToken, { ...base, sameSite: 'Lax', secure: https })
    deleteCookie(c, LAUNCH_FRAME_COOKIE, { path: '/', secure: true, sameSite: 'None', partitioned: true })
  }
}

/** The attributes that address the launch cookie as it was set (a cookie is removed under the same ones). */
const framedCookie = (c: Context) =>
  getCookie(c, LAUNCH_FRAME_COOKIE) === '1' ? ({ path: '/', secure: true, sameSite: 'None', partitioned: true } as const) : ({ path: '/' } as const)

const onProblem = (c: Context, caught: unknown) => {
  const error = caught instanceof AppError && caught.code === 'rate_limited' ? new LaunchError('rate_limited', caught.message, 'launch rate limit') : caught
  if (caught instanceof AppError) for (const [k, v] of Object.entries(caught.headers ?? {})) c.header(k, v)
  if (!(error instanceof LaunchError)) throw error
  log.warn('smart launch stopped', { problem: error.problem, reason: error.internal ?? error.detail, request_id: c.get('requestId') })
  return launchProblemPage(c, error)
}

/** The pages of a launch: /smart/launch, /smart/callback and Homeward's public keys. */
export const smartPages = new Hono<AppEnv>()
  .get('/launch', async (c) => {
    try {
      await launchesPerIp.consume(c.var.db, c.get('ip') ?? 'unknown')
      const framed = isFramed(c)
      const { authorizeUrl, browserToken } = await startLaunch(c.var.db, { iss: c.req.query('iss'), launch: c.req.query('launch'), framed })
      setLaunchCookies(c, browserToken, framed)
      c.header('Cache-Control', 'no-store')
      return c.redirect(authorizeUrl, 302)
    } catch (error) {
      return onProblem(c, error)
    }
  })
  .get('/callback', async (c) => {
    try {
      await finishLaunch(c.var.db, { state: c.req.query('state'), code: c.req.query('code'), error: c.req.query('error'), browserToken: getCookie(c, LAUNCH_COOKIE) })
      c.header('Cache-Control', 'no-store')
      return c.redirect(LAUNCHED_FORM, 302)
    } catch (error) {
      return onProblem(c, error)
    }
  })
  .get('/jwks.json', async (c) => c.json(await publicKeys(c.var.db), 200, { 'Cache-Control': 'max-age=300' }))

const idParam = z.object({ id: z.string().min(1).max(600) })
const doc = (summary: string, responses = {}) => describeRoute({ tags: ['smart'], summary, responses })

/** The API of launches: the browser's pick-up of its draft, and the admin's registry of EHRs. */
export const smartRoutes = new Hono<AppEnv>()
  .post(
    '/smart/draft',
    doc("The launched browser's imported draft (once; the server keeps it no longer)", { ...jsonResponse(healthRecordImportSchema), ...errors(401, 404, 410, 413) }),
    async (c) => {
      requireUser(c)
      const draft = await claimDraft(c.var.db, getCookie(c, LAUNCH_COOKIE))
      deleteCookie(c, LAUNCH_COOKIE, framedCookie(c))
      return respond(c, healthRecordImportSchema, draft)
    },
  )
  .get('/admin/smart-ehrs', adminOnly, doc('EHRs registered for SMART App Launch, with the URLs to give them', { ...jsonResponse(smartEhrListSchema), ...errors(401, 403) }), async (c) =>
    respond(c, smartEhrListSchema, { items: await listEhrs(c.var.db), launch_url: launchUrl(), redirect_url: redirectUrl() }),
  )
  .post(
    '/admin/smart-ehrs',
    adminOnly,
    doc('Register an EHR (client secret sealed; jwks makes a key pair); audited', { ...jsonResponse(smartEhrAddedSchema, 201), ...errors(400, 401, 403, 409, 413, 422) }),
    validate('json', addEhrSchema),
    async (c) => respond(c, smartEhrAddedSchema, { ehr: await addEhr(c.var.db, actorOf(c), c.req.valid('json')) }, 201),
  )
  .delete('/admin/smart-ehrs/:id', adminOnly, doc('Remove a registered EHR (its launches under way end); audited', { ...jsonResponse(smartEhrSchema), ...errors(401, 403, 404, 413) }), validate('param', idParam), async (c) =>
    respond(c, smartEhrSchema, await removeEhr(c.var.db, actorOf(c), c.req.valid('param').id)),
  )
