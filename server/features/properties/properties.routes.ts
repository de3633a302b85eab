import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { z } from 'zod'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { searchPropertiesQuery } from './browse.schemas'
import { getPublicProperty } from './get-property'
import { searchProperties } from './search-properties'

/** Public reads: no sign-in needed (part 1 §6, visitors browse properties). */
export const propertiesRoutes = new Hono<AppEnv>()
  .get(
    '/properties',
    describeRoute({
      tags: ['properties'],
      summary: 'Browse: active homes with free beds; with a ZIP, within the radius nearest first (coordinate-less kept last), else newest first',
    }),
    validate('query', searchPropertiesQuery),
    (c) => c.json(searchProperties(c.req.valid('query'))),
  )
  .get(
    '/properties/:id',
    describeRoute({ tags: ['properties'], summary: 'A public property with its approved reviews (404 when unknown, inactive or hidden by the plan)' }),
    validate('param', z.object({ id: z.string().max(100) })),
    (c) => c.json(getPublicProperty(c.req.valid('param').id)),
  )
