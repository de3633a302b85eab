import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse, okSchema } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { myToursSchema, requestedToursSchema, tourAnswerSchema } from './tours.responses'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { requireUser } from '../auth'
import { cancelTour } from './cancel-tour'
import { confirmTour } from './confirm-tour'
import { listMyTours } from './list-my-tours'
import { listRequestedTours } from './list-requested-tours'
import { rescheduleTour } from './reschedule-tour'
import { tourRescheduleSchema } from './tours.schemas'

const tags = ['tours']

/**
 * The operator's tour schedule; only a tour's property operator may confirm,
 * reschedule or cancel it (404 for anyone else). And the tours a user asked for.
 */
export const myToursRoutes = new Hono<AppEnv>()
  .get(
    '/my/tour-requests',
    describeRoute({ tags, summary: 'Tours I requested (signed in), newest first, with their home and status', responses: { ...jsonResponse(requestedToursSchema), ...errors(401, 503) } }),
    async (c) => respond(c, requestedToursSchema, await listRequestedTours(c.var.db, requireUser(c).id)),
  )
  .get(
    '/my/tours',
    describeRoute({ tags, summary: 'Tours of my properties: upcoming (pending, confirmed, rescheduling), completed (confirmed and over) and cancelled', responses: { ...jsonResponse(myToursSchema), ...errors(401, 503) } }),
    async (c) => respond(c, myToursSchema, await listMyTours(c.var.db, requireUser(c).id)),
  )
  .post('/tours/:id/confirm', describeRoute({ tags, summary: 'Confirm a pending tour (e-mails the visitor with a calendar invitation, invite.ics)', responses: { ...jsonResponse(tourAnswerSchema), ...errors(401, 403, 404, 409, 413) } }), async (c) =>
    respond(c, tourAnswerSchema, { tour: await confirmTour(c.var.db, { operatorId: requireUser(c).id, tourId: c.req.param('id') }) }),
  )
  .post(
    '/tours/:id/reschedule',
    describeRoute({
      tags,
      summary:
        'Propose a new date and time (in the home\'s time zone; 422 in the past). The tour becomes rescheduling and the visitor gets a single-use link to accept or decline',
      responses: { ...jsonResponse(tourAnswerSchema), ...errors(400, 401, 403, 404, 409, 413, 422) },
    }),
    validate('json', tourRescheduleSchema),
    async (c) => respond(c, tourAnswerSchema, { tour: await rescheduleTour(c.var.db, { operatorId: requireUser(c).id, tourId: c.req.param('id'), input: c.req.valid('json') }) }),
  )
  .delete('/tours/:id', describeRoute({ tags, summary: 'Cancel a tour (status cancelled, irreversible; e-mails the visitor)', responses: { ...jsonResponse(okSchema), ...errors(401, 403, 404, 409, 413) } }), async (c) => {
    await cancelTour(c.var.db, { operatorId: requireUser(c).id, tourId: c.req.param('id') })
    return respond(c, okSchema, { ok: true })
  })
