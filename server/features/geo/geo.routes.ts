import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { zipLocationSchema } from './geo.responses'
import { notFound } from '../../errors'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { zipParamSchema } from './geo.schemas'
import { lookupZip } from './zip'

export const geoRoutes = new Hono<AppEnv>().get(
  '/geo/zip/:zip',
  describeRoute({ tags: ['geo'], summary: 'Offline ZIP geocoding (5-digit or ZIP+4): latitude, longitude, city, state', responses: { ...jsonResponse(zipLocationSchema), ...errors(404, 422) } }),
  validate('param', zipParamSchema),
  (c) => {
    const location = lookupZip(c.req.valid('param').zip)
    if (!location) throw notFound('geo.zipNotFound')
    return respond(c, zipLocationSchema, {
      zip: location.zip,
      latitude: location.latitude,
      longitude: location.longitude,
      city: location.city,
      state: location.state,
    })
  },
)
