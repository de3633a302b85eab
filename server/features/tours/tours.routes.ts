import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { tourRequestedSchema, rescheduleProposalSchema, rescheduleAnsweredSchema } from './tours.responses'
import { z } from 'zod'
import { HOUR } from '../../lib/clock'
import { limiter } from '../../lib/rate-limit'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { answerReschedule, getRescheduleProposal } from './reschedule-links'
import { requestTour } from './request-tour'
import { rescheduleAnswerSchema, tourRequestSchema } from './tours.schemas'

const tokenParam = z.object({ token: z.string().min(1).max(200) })
/** The link is the credential: bound guessing per network. */
const rescheduleLinksPerIp = limiter('tour-links-per-address', 60, HOUR, () => 'errors.tooManyFromNetwork')

/** Public: visitors request tours, and answer a proposed new time, without an account. */
export const toursRoutes = new Hono<AppEnv>()
  .post(
    '/tours',
    describeRoute({ tags: ['tours'], summary: 'Request a tour of a premium property (403 premium_required otherwise); the operator is notified', responses: { ...jsonResponse(tourRequestedSchema, 201), ...errors(400, 403, 404, 413, 422, 429) } }),
    validate('json', tourRequestSchema),
    async (c) => respond(c, tourRequestedSchema, await requestTour(c.var.db, c.req.valid('json'), { user_id: c.get('user')?.id ?? null, ip: c.get('ip'), locale: c.var.locale }), 201),
  )
  .get(
    '/tour-reschedules/:token',
    describeRoute({ tags: ['tours'], summary: 'The new time a reschedule link proposes (404 unknown, 409 used, replaced or tour cancelled, 410 expired)', responses: { ...jsonResponse(rescheduleProposalSchema), ...errors(404, 409, 410, 422) } }),
    validate('param', tokenParam),
    async (c) => respond(c, rescheduleProposalSchema, await getRescheduleProposal(c.var.db, c.req.valid('param').token)),
  )
  .post(
    '/tour-reschedules/:token',
    describeRoute({
      tags: ['tours'],
      summary: 'Accept (tour confirmed at the new time, calendar invitation e-mailed) or decline (tour cancelled) the proposed time, without signing in; single use',
      responses: { ...jsonResponse(rescheduleAnsweredSchema), ...errors(400, 403, 409, 410, 413, 422, 429) },
    }),
    validate('param', tokenParam),
    validate('json', rescheduleAnswerSchema),
    async (c) => {
      await rescheduleLinksPerIp.consume(c.var.db, c.get('ip') ?? 'unknown')
      return respond(c, rescheduleAnsweredSchema, await answerReschedule(c.var.db, c.req.valid('param').token, c.req.valid('json').answer))
    },
  )
