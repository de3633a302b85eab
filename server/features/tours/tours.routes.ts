import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { requestTour } from './request-tour'
import { tourRequestSchema } from './tours.schemas'

/** Public: visitors request tours without an account (part 1 §6). */
export const toursRoutes = new Hono<AppEnv>().post(
  '/tours',
  describeRoute({ tags: ['tours'], summary: 'Request a tour of a premium property (403 premium_required otherwise); the operator is notified' }),
  validate('json', tourRequestSchema),
  (c) => c.json(requestTour(c.req.valid('json'), { user_id: c.get('user')?.id ?? null, ip: c.get('ip') }), 201),
)
