import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse, updatedCountSchema } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { emailPreferencesSchema, notificationsSchema, unsubscribedSchema } from './notifications.responses'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { requireUser, signedIn } from '../auth'
import { listNotifications } from './list-notifications'
import { markNotificationsRead } from './mark-notifications-read'
import { emailPreferencesPatch, listNotificationsQuery, markNotificationsReadSchema, unsubscribeParam } from './notifications.schemas'
import { getEmailPreferences, setEmailPreferences, unsubscribe } from './email-preferences'

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
  .get(
    '/account/email-preferences',
    describeRoute({ tags: ['notifications'], summary: 'Which kinds of e-mail the signed-in user gets (new messages, placement answers needed, escrow hold reminders)', responses: { ...jsonResponse(emailPreferencesSchema), ...errors(401) } }),
    signedIn,
    async (c) => respond(c, emailPreferencesSchema, await getEmailPreferences(c.var.db, requireUser(c).id)),
  )
  .patch(
    '/account/email-preferences',
    describeRoute({ tags: ['notifications'], summary: 'Turn kinds of e-mail on or off', responses: { ...jsonResponse(emailPreferencesSchema), ...errors(401, 403, 413, 422) } }),
    signedIn,
    validate('json', emailPreferencesPatch),
    async (c) => respond(c, emailPreferencesSchema, await setEmailPreferences(c.var.db, requireUser(c).id, c.req.valid('json'))),
  )
  .post(
    '/email-unsubscribe/:token',
    describeRoute({
      tags: ['notifications'],
      summary: "One-click unsubscribe (RFC 8058): turns the link's kind of e-mail off, without signing in; the token is the proof",
      responses: { ...jsonResponse(unsubscribedSchema), ...errors(404, 413, 422) },
    }),
    validate('param', unsubscribeParam),
    async (c) => respond(c, unsubscribedSchema, await unsubscribe(c.var.db, c.req.valid('param').token)),
  )
