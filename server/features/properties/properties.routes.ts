import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse } from '../../lib/openapi'
import { asAnswer, respond } from '../../lib/respond'
import { bedLinkSchema, bedsConfirmedSchema, nearbyHomesSchema, propertySearchSchema, publicPropertySchema } from './properties.responses'
import { listNearbyHomes } from './nearby-homes'
import { z } from 'zod'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { HOUR } from '../../lib/clock'
import { limiter } from '../../lib/rate-limit'
import { getBedConfirmation, useBedConfirmation } from './bed-confirmation-links'
import { searchPropertiesQuery } from './browse.schemas'
import { confirmBedsSchema } from './properties.schemas'
import { getPublicProperty } from './get-property'
import { cachedSearch, searchBody, type CacheLookup, type Witness } from './search-cache'
import { searchProperties } from './search-properties'

const tokenParam = z.object({ token: z.string().min(1).max(200) })
/** The link is the credential: bound guessing per network. */
const bedLinksPerIp = limiter('bed-links-per-address', 60, HOUR, () => 'errors.tooManyFromNetwork')

const JSON_TYPE = { 'Content-Type': 'application/json' }
/** The raw query string: the cache key (the validated query is a pure function of it). */
const queryString = (url: string) => {
  const at = url.indexOf('?')
  return at < 0 ? '' : url.slice(at + 1)
}

/** A hit answers before validation; a miss hands on what it read (search-cache.ts). */
const fromSearchCache = createMiddleware<AppEnv & { Variables: { searchCacheMiss: CacheLookup } }>(async (c, next) => {
  const lookup = await cachedSearch(c.get('db'), queryString(c.req.url))
  if (lookup.body !== undefined) return c.body(lookup.body, 200, JSON_TYPE)
  c.set('searchCacheMiss', lookup)
  await next()
})

/** Public reads: no sign-in needed (visitors browse properties). */
export const propertiesRoutes = new Hono<AppEnv>()
  .get(
    '/properties',
    describeRoute({
      tags: ['properties'],
      summary:
        'Browse: active homes with free beds; with a ZIP, within the radius nearest first (coordinate-less kept last), else newest first; care_level and funding keep homes that declare them',
      responses: { ...jsonResponse(propertySearchSchema), ...errors(422) },
    }),
    // Identical query strings get the cached body (search-cache.ts: never stale), before validation.
    // The database by c.get('db'): c.var copies every variable into a new object, a cost on this hot path.
    fromSearchCache,
    validate('query', searchPropertiesQuery),
    async (c) => {
      const query = c.req.valid('query')
      const db = c.get('db')
      const compute = async (witness: Witness) => asAnswer(propertySearchSchema, await searchProperties(db, query, witness))
      return c.body(await searchBody(db, queryString(c.req.url), compute, { missed: c.get('searchCacheMiss') }), 200, JSON_TYPE)
    },
  )
  .get(
    '/bed-confirmations/:token',
    describeRoute({ tags: ['properties'], summary: 'The home a weekly bed-confirmation link is for (404 unknown, 409 used, 410 expired)', responses: { ...jsonResponse(bedLinkSchema), ...errors(404, 409, 410, 422) } }),
    validate('param', tokenParam),
    async (c) => respond(c, bedLinkSchema, await getBedConfirmation(c.var.db, c.req.valid('param').token)),
  )
  .post(
    '/bed-confirmations/:token',
    describeRoute({ tags: ['properties'], summary: 'Confirm (or update) the bed count through the e-mailed link, without signing in; single use', responses: { ...jsonResponse(bedsConfirmedSchema), ...errors(400, 403, 404, 409, 410, 413, 422, 429) } }),
    validate('param', tokenParam),
    validate('json', confirmBedsSchema),
    async (c) => {
      await bedLinksPerIp.consume(c.var.db, c.get('ip') ?? 'unknown')
      return respond(c, bedsConfirmedSchema, await useBedConfirmation(c.var.db, c.req.valid('param').token, c.req.valid('json')))
    },
  )
  .get(
    '/properties/:id',
    describeRoute({
      tags: ['properties'],
      summary: 'A public property with its approved reviews (404 when unknown, inactive or hidden by the plan)',
      description: "average_rating and category_averages (communication, professionalism, facility_quality, overall_experience) to one decimal over approved reviews; operator.badges as on the operator's profile.",
      responses: { ...jsonResponse(publicPropertySchema), ...errors(404, 422) },
    }),
    validate('param', z.object({ id: z.string().max(100) })),
    async (c) => respond(c, publicPropertySchema, await getPublicProperty(c.var.db, c.req.valid('param').id)),
  )
  .get(
    '/properties/:id/nearby',
    describeRoute({
      tags: ['properties'],
      summary: "Up to 4 other public homes near this one, nearest first, as browse lists them (404 when this home is not public)",
      responses: { ...jsonResponse(nearbyHomesSchema), ...errors(404, 422) },
    }),
    validate('param', z.object({ id: z.string().max(100) })),
    async (c) => respond(c, nearbyHomesSchema, await listNearbyHomes(c.var.db, c.req.valid('param').id)),
  )
