import { Hono } from 'hono'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { listOperatorsQuery, profileViewBody, usernameParam } from './browse-operators.schemas'
import { getOperatorProfile } from './get-operator-profile'
import { listOperators } from './list-operators'
import { recordProfileView } from './record-profile-view'

/** Public: premium operator directory, public profiles and their view counter. */
export const operatorsRoutes = new Hono<AppEnv>()
  .get('/operators', validate('query', listOperatorsQuery), (c) => c.json(listOperators(c.req.valid('query'))))
  .get('/operators/:username', validate('param', usernameParam), (c) =>
    c.json(getOperatorProfile(c.req.valid('param').username)),
  )
  .post('/operators/:username/views', validate('param', usernameParam), validate('json', profileViewBody), (c) => {
    const result = recordProfileView({
      username: c.req.valid('param').username,
      referrer_url: c.req.valid('json').referrer_url,
      user_agent: c.req.header('user-agent'),
      ip: c.get('ip'),
      viewer_id: c.get('user')?.id ?? null,
    })
    return c.json(result, 201)
  })
