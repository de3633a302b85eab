import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { z } from 'zod'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { searchPropertiesQuery } from './browse.schemas'
import { getPublicProperty } from './get-property'
import { cachedSearch, searchBody } from './search-cache'
import { searchProperties } from './search-properties'

const JSON_TYPE = { 'Content-Type': 'application/json' }
/** The raw query string: the cache key (the validated query is a pure function of it). */
const queryString = (url: string) => {
  const at = url.indexOf('?')
  return at < 0 ? '' : url.slice(at + 1)
}

/** Public reads: no sign-in needed (part 1 §6, visitors browse properties). */
export const propertiesRoutes = new Hono<AppEnv>()
  .get(
    '/properties',
    describeRoute({
      tags: ['properties'],
      summary: 'Browse: active homes with free beds; with a ZIP, within the radius nearest first (coordinate-less kept last), else newest first',
    }),
    // Identical query strings get the cached body (search-cache.ts: never stale), before validation.
    async (c, next) => {
      const hit = cachedSearch(queryString(c.req.url))
      if (hit !== undefined) return c.body(hit, 200, JSON_TYPE)
      await next()
    },
    validate('query', searchPropertiesQuery),
    (c) => {
      const query = c.req.valid('query')
      return c.body(searchBody(queryString(c.req.url), () => searchProperties(query)), 200, JSON_TYPE)
    },
  )
  .get(
    '/properties/:id',
    describeRoute({ tags: ['properties'], summary: 'A public property with its approved reviews (404 when unknown, inactive or hidden by the plan)' }),
    validate('param', z.object({ id: z.string().max(100) })),
    (c) => c.json(getPublicProperty(c.req.valid('param').id)),
  )
