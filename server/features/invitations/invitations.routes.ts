import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { invitationSentSchema, invitationAcceptedSchema, invitationDeclinedSchema, myInvitationsSchema } from './invitations.responses'
import { actorOf, requireUser, signedIn } from '../auth'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { inviteOperator } from './invite-operator'
import { invitationSchema } from './invitations.schemas'
import { listMyInvitations } from './list-my-invitations'
import { acceptInvitation, declineInvitation } from './respond-to-invitation'
import { declineSchema } from '../referrals'
import { z } from 'zod'

const invitationIdParam = z.object({ id: z.string().min(1).max(100) })
import { limiter, tryAgainIn } from '../../lib/rate-limit'
import { HOUR } from '../../lib/clock'

const invitationsPerUser = limiter('invitations', 50, HOUR, tryAgainIn('invitations.tooManyInvitations'))

/** Signed-in users invite premium operators to their own referrals. */
export const invitationsRoutes = new Hono<AppEnv>()
  .get('/my/invitations', describeRoute({ tags: ['invitations'], summary: "The signed-in operator's invitations (pending first) with their answers", responses: { ...jsonResponse(myInvitationsSchema), ...errors(401, 503) } }), signedIn, async (c) =>
    respond(c, myInvitationsSchema, { items: await listMyInvitations(c.var.db, requireUser(c)) }),
  )
  .post(
    '/invitations/:id/accept',
    describeRoute({ tags: ['invitations'], summary: 'The invited operator accepts (idempotent; 409 after declining)', responses: { ...jsonResponse(invitationAcceptedSchema), ...errors(401, 403, 404, 409, 413) } }),
    signedIn,
    validate('param', invitationIdParam),
    async (c) => respond(c, invitationAcceptedSchema, await acceptInvitation(c.var.db, { invitationId: c.req.valid('param').id, operatorId: requireUser(c).id, actor: actorOf(c) })),
  )
  .post(
    '/invitations/:id/decline',
    describeRoute({ tags: ['invitations'], summary: 'The invited operator declines with a reason from the "Not a fit" list and an optional note', responses: { ...jsonResponse(invitationDeclinedSchema), ...errors(401, 403, 404, 409, 413, 422) } }),
    signedIn,
    validate('param', invitationIdParam),
    validate('json', declineSchema),
    async (c) =>
      respond(c, invitationDeclinedSchema, await declineInvitation(c.var.db, { invitationId: c.req.valid('param').id, operatorId: requireUser(c).id, input: c.req.valid('json'), actor: actorOf(c) })),
  )
  .post(
  '/invitations',
  describeRoute({ tags: ['invitations'], summary: 'Invite a premium operator to one of your active referrals → {existing}', responses: { ...jsonResponse(invitationSentSchema), ...jsonResponse(invitationSentSchema, 201), ...errors(401, 403, 404, 409, 413, 422, 429) } }),
  signedIn,
  validate('json', invitationSchema),
  async (c) => {
    const user = requireUser(c)
    // Each invitation e-mails an operator: bounded per referrer.
    await invitationsPerUser.consume(c.var.db, user.id)
    const result = await inviteOperator(c.var.db, c.req.valid('json'), { ...actorOf(c), id: user.id })
    return respond(c, invitationSentSchema, result, result.existing ? 200 : 201)
  },
)
