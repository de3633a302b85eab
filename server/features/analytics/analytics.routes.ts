import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { analyticsSchema } from './analytics.responses'
import type { AppEnv } from '../../types'
import { requireUser } from '../auth'
import { getAnalytics } from './get-analytics'

/** Profile analytics of the signed-in operator (premium). */
export const analyticsRoutes = new Hono<AppEnv>().get(
  '/my/analytics',
  describeRoute({ tags: ['operator self'], summary: 'Profile views, sources and messages (premium)', responses: { ...jsonResponse(analyticsSchema), ...errors(401, 403) } }),
  async (c) => respond(c, analyticsSchema, await getAnalytics(c.var.db, requireUser(c).id)),
)
