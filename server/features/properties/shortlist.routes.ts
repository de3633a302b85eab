import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { z } from 'zod'
import { errors, jsonResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { requireUser, signedIn } from '../auth'
import { addToShortlist } from './add-to-shortlist'
import { listShortlist } from './list-shortlist'
import { shortlistAddedSchema, shortlistRemovedSchema, shortlistSchema } from './properties.responses'
import { removeFromShortlist } from './remove-from-shortlist'

const tags = ['shortlist']
const propertyParam = z.object({ propertyId: z.string().min(1).max(100) })

/** The signed-in account's shortlist of homes to compare (a visitor's is kept in the browser). */
export const shortlistRoutes = new Hono<AppEnv>()
  .get('/my/shortlist', describeRoute({ tags, summary: 'My shortlist of homes, oldest first', responses: { ...jsonResponse(shortlistSchema), ...errors(401) } }), signedIn, async (c) =>
    respond(c, shortlistSchema, await listShortlist(c.var.db, requireUser(c).id)),
  )
  .put(
    '/my/shortlist/:propertyId',
    describeRoute({ tags, summary: 'Save a public home to my shortlist (at most 10; saving it again changes nothing)', responses: { ...jsonResponse(shortlistAddedSchema), ...errors(401, 404, 409, 413, 422) } }),
    signedIn,
    validate('param', propertyParam),
    async (c) => respond(c, shortlistAddedSchema, await addToShortlist(c.var.db, requireUser(c).id, c.req.valid('param').propertyId)),
  )
  .delete(
    '/my/shortlist/:propertyId',
    describeRoute({ tags, summary: 'Take a home off my shortlist', responses: { ...jsonResponse(shortlistRemovedSchema), ...errors(401, 413, 422) } }),
    signedIn,
    validate('param', propertyParam),
    async (c) => respond(c, shortlistRemovedSchema, await removeFromShortlist(c.var.db, requireUser(c).id, c.req.valid('param').propertyId)),
  )
