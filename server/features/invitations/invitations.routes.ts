import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { actorOf, requireUser, signedIn } from '../auth/auth.middleware'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { inviteOperator } from './invite-operator'
import { invitationSchema } from './invitations.schemas'
import { limiter } from '../../lib/rate-limit'
import { HOUR } from '../../lib/clock'

const invitationsPerUser = limiter(50, HOUR, (m) => `Too many invitations. Please try again in ${m} minute${m === 1 ? '' : 's'}.`)

/** Signed-in users invite premium operators to their own referrals (part 1 §6). */
export const invitationsRoutes = new Hono<AppEnv>().post(
  '/invitations',
  describeRoute({ tags: ['invitations'], summary: 'Invite a premium operator to one of your active referrals → {existing}' }),
  signedIn,
  validate('json', invitationSchema),
  (c) => {
    const user = requireUser(c)
    // Each invitation e-mails an operator: bounded per referrer.
    invitationsPerUser.consume(user.id)
    const result = inviteOperator(c.req.valid('json'), { ...actorOf(c), id: user.id })
    return c.json(result, result.existing ? 200 : 201)
  },
)
