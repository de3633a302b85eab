import { Hono } from 'hono'
import { actorOf, requireUser, signedIn } from '../auth/auth.middleware'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { inviteOperator } from './invite-operator'
import { invitationSchema } from './invitations.schemas'

/** Signed-in users invite premium operators to their own referrals (part 1 §6). */
export const invitationsRoutes = new Hono<AppEnv>().post('/invitations', signedIn, validate('json', invitationSchema), (c) => {
  const user = requireUser(c)
  const result = inviteOperator(c.req.valid('json'), { ...actorOf(c), id: user.id })
  return c.json(result, result.existing ? 200 : 201)
})
