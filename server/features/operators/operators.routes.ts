import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { operatorDirectorySchema, operatorProfileSchema, profileViewRecordedSchema } from './operators.responses'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { listOperatorsQuery, profileViewBody, usernameParam } from './browse-operators.schemas'
import { getOperatorProfile } from './get-operator-profile'
import { listOperators } from './list-operators'
import { recordProfileView } from './record-profile-view'

/** Public: premium operator directory, public profiles and their view counter. */
export const operatorsRoutes = new Hono<AppEnv>()
  .get(
    '/operators',
    describeRoute({ tags: ['operators'], summary: 'Premium (paid, trialing or complimentary) operators, by the state and city of their homes, licensing type and specialization', responses: { ...jsonResponse(operatorDirectorySchema), ...errors(422) } }),
    validate('query', listOperatorsQuery),
    async (c) => respond(c, operatorDirectorySchema, await listOperators(c.var.db, c.req.valid('query'))),
  )
  .get(
    '/operators/:username',
    describeRoute({
      tags: ['operators'],
      summary: 'Public profile; a free operator is trimmed (150-character bio, first property, one photo)',
      description:
        'badges: Verified, Premium, Top Rated, Quick Response, computed by the server from data (rules in features/badges/badge-rules.ts), each with its explanation. rating: review count, average and each review category\'s average (one decimal) over every approved review of the operator\'s homes; each property carries the same for its own approved reviews.',
      responses: { ...jsonResponse(operatorProfileSchema), ...errors(404, 422) },
    }),
    validate('param', usernameParam),
    async (c) => respond(c, operatorProfileSchema, await getOperatorProfile(c.var.db, c.req.valid('param').username)),
  )
  .post(
    '/operators/:username/views',
    describeRoute({ tags: ['operators'], summary: 'Record one profile view (referrer URL from the client; user agent and IP as the server sees them)', responses: { ...jsonResponse(profileViewRecordedSchema, 201), ...errors(400, 403, 404, 413, 422, 429) } }),
    validate('param', usernameParam),
    validate('json', profileViewBody),
    async (c) => {
      const result = await recordProfileView(c.var.db, {
        username: c.req.valid('param').username,
        referrer_url: c.req.valid('json').referrer_url,
        user_agent: c.req.header('user-agent'),
        ip: c.get('ip'),
        viewer_id: c.get('user')?.id ?? null,
      })
      return respond(c, profileViewRecordedSchema, result, 201)
    },
  )
