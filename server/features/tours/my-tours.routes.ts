import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import type { AppEnv } from '../../types'
import { requireUser } from '../auth/auth.middleware'
import { cancelTour } from './cancel-tour'
import { confirmTour } from './confirm-tour'
import { listMyTours } from './list-my-tours'

const tags = ['tours']

/** The operator's tour schedule; only a tour's property operator may confirm or cancel it. */
export const myToursRoutes = new Hono<AppEnv>()
  .get('/my/tours', describeRoute({ tags, summary: 'Tours of my properties: upcoming and completed' }), (c) => c.json(listMyTours(requireUser(c).id)))
  .post('/tours/:id/confirm', describeRoute({ tags, summary: 'Confirm a tour (e-mails the visitor)' }), (c) =>
    c.json({ tour: confirmTour({ operatorId: requireUser(c).id, tourId: c.req.param('id') }) }),
  )
  .delete('/tours/:id', describeRoute({ tags, summary: 'Cancel (delete) a tour (e-mails the visitor)' }), (c) => {
    cancelTour({ operatorId: requireUser(c).id, tourId: c.req.param('id') })
    return c.json({ ok: true })
  })
