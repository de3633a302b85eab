import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse, updatedCountSchema } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { notificationsSchema } from './notifications.responses'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { requireUser, signedIn } from '../auth'
import { listNotifications } from './list-notifications'
import { markNotificationsRead } from './mark-notifications-read'
import { listNotificationsQuery, markNotificationsReadSchema } from './notifications.schemas'

export const notificationsRoutes = new Hono<AppEnv>()
  .get(
    '/notifications',
    describeRoute({ tags: ['notifications'], summary: "The signed-in user's notifications (the bell)", responses: { ...jsonResponse(notificationsSchema), ...errors(401, 422, 503) } }),
    signedIn,
    validate('query', listNotificationsQuery),
    async (c) => respond(c, notificationsSchema, await listNotifications(c.var.db, { userId: requireUser(c).id, limit: c.req.valid('query').limit })),
  )
  .post(
    '/notifications/read',
    describeRoute({ tags: ['notifications'], summary: 'Mark notifications read (all when no ids are given)', responses: { ...jsonResponse(updatedCountSchema), ...errors(401, 403, 413, 422) } }),
    signedIn,
    validate('json', markNotificationsReadSchema),
    async (c) => respond(c, updatedCountSchema, await markNotificationsRead(c.var.db, { userId: requireUser(c).id, ids: c.req.valid('json').ids })),
  )
