import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { referrerSummarySchema } from './referrals.responses'
import type { AppEnv } from '../../types'
import { requireUser } from '../auth'
import { referrerSummary } from './referrer-summary'

/** Data of the referrer dashboard. */
export const referrerRoutes = new Hono<AppEnv>().get(
  '/referrals/mine/summary',
  describeRoute({ tags: ['referrals'], summary: 'Counts for the referrer dashboard: total, pending, matched, placed, closed (with an outcome), cancelled', responses: { ...jsonResponse(referrerSummarySchema), ...errors(401) } }),
  async (c) => respond(c, referrerSummarySchema, await referrerSummary(c.var.db, requireUser(c).id)),
)
