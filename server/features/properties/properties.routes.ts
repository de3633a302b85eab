import { Hono } from 'hono'
import { z } from 'zod'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { searchPropertiesQuery } from './browse.schemas'
import { getPublicProperty } from './get-property'
import { searchProperties } from './search-properties'

/** Public reads: no sign-in needed (part 1 §6, visitors browse properties). */
export const propertiesRoutes = new Hono<AppEnv>()
  .get('/properties', validate('query', searchPropertiesQuery), (c) => c.json(searchProperties(c.req.valid('query'))))
  .get('/properties/:id', validate('param', z.object({ id: z.string().max(100) })), (c) =>
    c.json(getPublicProperty(c.req.valid('param').id)),
  )
